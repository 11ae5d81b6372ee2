import type { PermissionMode } from '../permissions/permission-update.js';
import type { UUID } from '../uuid.js';
import type { SDKAssistantMessageError } from './assistant-message.js';

/** What the CLI is busy with, or `null`. */
export type SDKStatus = 'compacting' | 'requesting' | null;

/** A status change (`requesting`, `compacting`, done) or a permission mode change. */
export type SDKStatusMessage = {
  type: 'system';
  subtype: 'status';
  status: SDKStatus;
  permissionMode?: PermissionMode;
  compact_result?: 'success' | 'failed';
  compact_error?: string;
  uuid: UUID;
  session_id: string;
};

/** An API request failed with a retryable error and will be retried after `retry_delay_ms`. */
export type SDKAPIRetryMessage = {
  type: 'system';
  subtype: 'api_retry';
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: SDKAssistantMessageError;
  no_response?: {
    waited_ms: number;
    retry_wait_ms: number;
  };
  uuid: UUID;
  session_id: string;
};

/** The conversation was compacted; what follows starts from the summary. */
export type SDKCompactBoundaryMessage = {
  type: 'system';
  subtype: 'compact_boundary';
  compact_metadata: {
    trigger: 'manual' | 'auto';
    pre_tokens: number;
    post_tokens?: number;
    duration_ms?: number;
    preserved_segment?: {
      head_uuid: UUID;
      anchor_uuid: UUID;
      tail_uuid: UUID;
    };
    preserved_messages?: {
      anchor_uuid: UUID;
      uuids: UUID[];
    };
  };
  uuid: UUID;
  session_id: string;
};

/**
 * The session went `running`, `idle` (a turn ended) or `requires_action` (waiting on a
 * permission).
 */
export type SDKSessionStateChangedMessage = {
  type: 'system';
  subtype: 'session_state_changed';
  state: 'idle' | 'running' | 'requires_action';
  uuid: UUID;
  session_id: string;
};

/** Progress of a control request that takes long (started, retrying). */
export type SDKControlRequestProgressMessage = {
  type: 'system';
  subtype: 'control_request_progress';
  request_id: string;
  status: 'started' | 'api_retry';
  attempt?: number;
  max_retries?: number;
  retry_delay_ms?: number;
  error_status?: number | null;
  uuid: UUID;
  session_id: string;
};

/** The CLI could not write the transcript or its config (disk full or quota). */
export type SDKSessionWritesLostMessage = {
  type: 'system';
  subtype: 'session_writes_lost';
  error_code: 'ENOSPC' | 'EDQUOT';
  lost: ('transcript' | 'global_config')[];
  transcript_session_ids?: string[];
  uuid: UUID;
  session_id: string;
};

/** The CLI process is shutting down. */
export type SDKWorkerShuttingDownMessage = {
  type: 'system';
  subtype: 'worker_shutting_down';
  reason: string;
  uuid: UUID;
  session_id: string;
};

/** An estimate of the thinking tokens of the current turn. */
export type SDKThinkingTokensMessage = {
  type: 'system';
  subtype: 'thinking_tokens';
  estimated_tokens: number;
  estimated_tokens_delta: number;
  user_message_uuid?: string;
  uuid: UUID;
  session_id: string;
};
