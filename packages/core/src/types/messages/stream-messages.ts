import type { UUID } from '../uuid.js';

/** A long-running tool is still running. */
export type SDKToolProgressMessage = {
  type: 'tool_progress';
  tool_use_id: string;
  tool_name: string;
  parent_tool_use_id: string | null;
  elapsed_time_seconds: number;
  task_id?: string;
  uuid: UUID;
  session_id: string;
  heartbeat?: boolean;
  subagent_type?: string;
  subagent_retry?: {
    agent_id: string;
    attempt: number;
    max_retries: number;
    retry_delay_ms: number;
    error_status: number | null;
    error_category: string;
  };
};

/** A short summary of a run of tool calls. */
export type SDKToolUseSummaryMessage = {
  type: 'tool_use_summary';
  summary: string;
  preceding_tool_use_ids: string[];
  uuid: UUID;
  session_id: string;
};

/** Rate-limit information from the API. */
export type SDKRateLimitEvent = {
  type: 'rate_limit_event';
  rate_limit_info: SDKRateLimitInfo;
  uuid: UUID;
  session_id: string;
};

/** The state of the rate limits that apply to the session. */
export type SDKRateLimitInfo = {
  status: 'allowed' | 'allowed_warning' | 'rejected';
  resetsAt?: number;
  rateLimitType?:
    | 'five_hour'
    | 'seven_day'
    | 'seven_day_opus'
    | 'seven_day_sonnet'
    | 'seven_day_overage_included'
    | 'overage';
  utilization?: number;
  overageStatus?: 'allowed' | 'allowed_warning' | 'rejected';
  overageResetsAt?: number;
  overageDisabledReason?:
    | 'overage_not_provisioned'
    | 'org_level_disabled'
    | 'org_level_disabled_until'
    | 'out_of_credits'
    | 'seat_tier_level_disabled'
    | 'member_level_disabled'
    | 'seat_tier_zero_credit_limit'
    | 'group_zero_credit_limit'
    | 'member_zero_credit_limit'
    | 'org_service_level_disabled'
    | 'no_limits_configured'
    | 'fetch_error'
    | 'unknown';
  isUsingOverage?: boolean;
  overageInUse?: boolean;
  overageEnabled?: boolean;
  surpassedThreshold?: number;
  limitScope?: 'service' | 'channel' | 'group_pool';
  errorCode?: 'credits_required';
  canUserPurchaseCredits?: boolean;
  hasChargeableSavedPaymentMethod?: boolean;
};

/** Progress of an authentication the CLI runs. */
export type SDKAuthStatusMessage = {
  type: 'auth_status';
  isAuthenticating: boolean;
  output: string[];
  error?: string;
  uuid: UUID;
  session_id: string;
};

/** A suggestion for the next prompt. */
export type SDKPromptSuggestionMessage = {
  type: 'prompt_suggestion';
  suggestion: string;
  uuid: UUID;
  session_id: string;
};

/**
 * The conversation was reset (`/clear`, leaving plan mode, ...) and continues under a new
 * conversation id.
 */
export type SDKConversationResetMessage = {
  type: 'conversation_reset';
  new_conversation_id: UUID;
  uuid: UUID;
  session_id: string;
  trigger?: 'clear' | 'plan_mode_exit' | 'fresh_session' | 'onboarding';
  user_message_uuid?: string;
  timestamp?: string;
};

/** The state of the `/goal` condition changed; `value` is `null` when it was cleared. */
export type SDKActiveGoalMessage = {
  type: 'active_goal';
  value: {
    condition: string;
    iterations: number;
    set_at: number;
    tokens_at_start: number;
    last_reason?: string;
  } | null;
  uuid: UUID;
  session_id: string;
};
