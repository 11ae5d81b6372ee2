import type { BetaMessage } from '../api/beta-message.js';
import type { BetaRawMessageStreamEvent } from '../api/beta-stream-events.js';
import type { SDKContextUsage, SDKUsageReport } from '../usage/context-usage.js';
import type { UUID } from '../uuid.js';

/**
 * An assistant message: one completed content block (or a whole API message) of a turn. `message`
 * is shaped like a Messages API `BetaMessage`; `parent_tool_use_id` is set inside a sub-agent.
 */
export type SDKAssistantMessage = {
  type: 'assistant';
  /** The Messages API message: `content` holds the block(s) this message delivers (text, thinking, tool_use, ...). */
  message: BetaMessage;
  /** The `tool_use` id of the Agent call this message belongs to; `null` on the main thread. */
  parent_tool_use_id: string | null;
  /** Set when the API call failed. */
  error?: SDKAssistantMessageError;
  /** The message's id. */
  uuid: UUID;
  /** The session the message belongs to. */
  session_id: string;
  /** The API request id. */
  request_id?: string;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  resumed_from_incomplete_thinking?: true;
  supersedes?: UUID[];
  aborted?: true;
  /** The sub-agent that produced this message, when one did. */
  agent_id?: string;
  subagent_type?: string;
  task_description?: string;
  timestamp?: string;
  context_usage?: SDKContextUsage;
  usage_report?: SDKUsageReport;
};

/** Why the API call behind an assistant message failed. */
export type SDKAssistantMessageError =
  | 'authentication_failed'
  | 'oauth_org_not_allowed'
  | 'account_on_hold'
  | 'verification_required'
  | 'billing_error'
  | 'rate_limit'
  | 'overloaded'
  | 'invalid_request'
  | 'model_not_found'
  | 'server_error'
  | 'unknown'
  | 'max_output_tokens'
  | 'cloud_credential_error';

/** A raw Messages API stream event, streamed only with `includePartialMessages`. */
export type SDKPartialAssistantMessage = {
  type: 'stream_event';
  /** The raw Messages API stream event. */
  event: BetaRawMessageStreamEvent;
  /** The `tool_use` id of the Agent call this message belongs to; `null` on the main thread. */
  parent_tool_use_id: string | null;
  /** The message's id. */
  uuid: UUID;
  /** The session the message belongs to. */
  session_id: string;
  ttft_ms?: number;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
};
