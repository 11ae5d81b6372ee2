import type { BetaUsage } from '../api/beta-usage.js';
import type { UUID } from '../uuid.js';
import type { FastModeDisabledReason, FastModeState } from './system-init-message.js';
import type { SDKMessageOrigin } from './user-message.js';

/** The message that ends a turn: `subtype: 'success'` or one of the error subtypes. */
export type SDKResultMessage = SDKResultSuccess | SDKResultError;

/** A turn that ended normally. `result` is the final text, `total_cost_usd` and `usage` its cost. */
export type SDKResultSuccess = {
  type: 'result';
  /** Always `success`; see `is_error` for an API error inside it. */
  subtype: 'success';
  /** Wall-clock time of the turn, in milliseconds. */
  duration_ms: number;
  /** Time spent in API calls, in milliseconds. */
  duration_api_ms: number;
  ttft_ms?: number;
  ttft_stream_ms?: number;
  time_to_request_ms?: number;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  local_command?: string;
  request_sent_wall_ms?: number;
  first_content_frame_ms?: number;
  first_stream_post_ms?: number;
  first_stream_post_ack_ms?: number;
  first_stream_post_queue_wait_ms?: number;
  first_stream_post_queued_behind?: 'durable_post' | 'ephemeral_post' | 'retry_backoff' | 'hold' | 'none';
  first_stream_post_wall_ms?: number;
  first_text_post_ms?: number;
  first_text_post_queue_wait_ms?: number;
  first_text_post_queued_behind?: 'durable_post' | 'ephemeral_post' | 'retry_backoff' | 'hold' | 'none';
  first_text_post_wall_ms?: number;
  time_to_request_from_spawn_ms?: number;
  warm_spare_claimed?: boolean;
  time_origin_ms?: number;
  /** True when the turn ended in an error (also on some `success` results, such as an API error). */
  is_error: boolean;
  api_error_status?: number | null;
  /** How many agent turns (API round trips) ran. */
  num_turns: number;
  /** The final assistant text. */
  result: string;
  /** The API stop reason of the last message. */
  stop_reason: string | null;
  /** The cost of the session so far, in US dollars. */
  total_cost_usd: number;
  /** Token usage of the session so far. */
  usage: NonNullableUsage;
  /** Token usage and cost per model. */
  modelUsage: Record<string, ModelUsage>;
  /** The tool calls denied during the turn. */
  permission_denials: SDKPermissionDenial[];
  queued_turn_count?: number;
  /** The structured output, when `outputFormat` asked for one. */
  structured_output?: unknown;
  deferred_tool_use?: SDKDeferredToolUse;
  /** Why the agent loop ended. */
  terminal_reason?: TerminalReason;
  result_index?: number;
  credential_expires_at?: string;
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  origin?: SDKMessageOrigin;
  /** The message's id. */
  uuid: UUID;
  /** The session the message belongs to. */
  session_id: string;
};

/**
 * A turn that ended in an error: max turns, max budget, structured output retries, or an error
 * during execution (`errors` says which).
 */
export type SDKResultError = {
  type: 'result';
  /** Why the turn failed. */
  subtype:
    | 'error_during_execution'
    | 'error_max_turns'
    | 'error_max_budget_usd'
    | 'error_max_structured_output_retries';
  /** Wall-clock time of the turn, in milliseconds. */
  duration_ms: number;
  /** Time spent in API calls, in milliseconds. */
  duration_api_ms: number;
  /** True when the turn ended in an error (also on some `success` results, such as an API error). */
  is_error: boolean;
  /** How many agent turns (API round trips) ran. */
  num_turns: number;
  /** The API stop reason of the last message. */
  stop_reason: string | null;
  /** The cost of the session so far, in US dollars. */
  total_cost_usd: number;
  /** Token usage of the session so far. */
  usage: NonNullableUsage;
  /** Token usage and cost per model. */
  modelUsage: Record<string, ModelUsage>;
  /** The tool calls denied during the turn. */
  permission_denials: SDKPermissionDenial[];
  queued_turn_count?: number;
  /** What went wrong. */
  errors: string[];
  startup_failure_reason?: SDKStartupFailureReason;
  invalid_config_file?: {
    path: string;
    is_global: boolean;
    backup_searched: boolean;
    backup_path?: string;
  };
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  /** Why the agent loop ended. */
  terminal_reason?: TerminalReason;
  result_index?: number;
  credential_expires_at?: string;
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  origin?: SDKMessageOrigin;
  /** The message's id. */
  uuid: UUID;
  /** The session the message belongs to. */
  session_id: string;
};

/** A tool call the permission rules, a hook or `canUseTool` denied during the turn. */
export type SDKPermissionDenial = {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
};

/** A tool call the turn stopped at, to be answered later (deferred tools). */
export type SDKDeferredToolUse = {
  id: string;
  name: string;
  input: Record<string, unknown>;
};

/** Why the agent loop ended a turn. */
export type TerminalReason =
  | 'blocking_limit'
  | 'rapid_refill_breaker'
  | 'prompt_too_long'
  | 'image_error'
  | 'model_error'
  | 'api_error'
  | 'malformed_tool_use_exhausted'
  | 'aborted_streaming'
  | 'aborted_tools'
  | 'stop_hook_prevented'
  | 'hook_stopped'
  | 'tool_deferred'
  | 'max_turns'
  | 'background_requested'
  | 'completed'
  | 'budget_exhausted'
  | 'structured_output_retry_exhausted'
  | 'tool_deferred_unavailable'
  | 'turn_setup_failed';

/** Why the CLI could not start a session. */
export type SDKStartupFailureReason =
  | 'org_pin_api_key_conflict'
  | 'provider_not_allowed'
  | 'org_verify_failed'
  | 'org_pin_mismatch'
  | 'managed_settings_invalid'
  | 'remote_settings_required_unavailable'
  | 'gateway_signin_required'
  | 'gateway_access_denied'
  | 'proxy_invalid'
  | 'temp_dir_unusable'
  | 'cwd_unavailable'
  | 'shell_tool_missing'
  | 'session_held_by_background'
  | 'worktree_resume_refused'
  | 'worktree_unverified'
  | 'cli_version_too_old'
  | 'bypass_root'
  | 'org_config_required_unavailable'
  | 'org_config_refused'
  | 'sandbox_required_unavailable'
  | 'initialize_not_first'
  | 'config_file_invalid'
  | 'managed_settings_not_delivered'
  | 'initialize_fields_not_delivered'
  | 'sideload_flags_disabled';

/** Messages API usage with every field present (the cumulative usage of a result message). */
export type NonNullableUsage = {
  [K in keyof BetaUsage]: K extends 'fallback_credit' ? BetaUsage[K] : NonNullable<BetaUsage[K]>;
};

/** Token counts and cost of one model over a session. */
export type ModelUsage = {
  inputTokens: number;
  outputTokens: number;
  thinkingTokens?: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  cacheCreationEphemeral5mInputTokens?: number;
  cacheCreationEphemeral1hInputTokens?: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
  canonicalModel?: string;
  provider?: string;
  costBasis?: 'list' | 'managed' | 'unknown';
};
