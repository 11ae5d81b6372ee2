import type { SlashCommand } from '../slash-command.js';
import type { UUID } from '../uuid.js';

/** A hook started running. */
export type SDKHookStartedMessage = {
  type: 'system';
  subtype: 'hook_started';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  uuid: UUID;
  session_id: string;
};

/** Output of a hook that is still running. */
export type SDKHookProgressMessage = {
  type: 'system';
  subtype: 'hook_progress';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  stdout: string;
  stderr: string;
  output: string;
  uuid: UUID;
  session_id: string;
};

/** A hook finished. */
export type SDKHookResponseMessage = {
  type: 'system';
  subtype: 'hook_response';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  output: string;
  stdout: string;
  stderr: string;
  exit_code?: number;
  outcome: 'success' | 'error' | 'cancelled';
  uuid: UUID;
  session_id: string;
};

/** A tool call was denied by a rule, a hook, the mode or the permission callback. */
export type SDKPermissionDeniedMessage = {
  type: 'system';
  subtype: 'permission_denied';
  tool_name: string;
  tool_use_id: string;
  agent_id?: string;
  decision_reason_type?: string;
  decision_reason?: string;
  message: string;
  uuid: UUID;
  session_id: string;
};

/** Output of a local slash command. */
export type SDKLocalCommandOutputMessage = {
  type: 'system';
  subtype: 'local_command_output';
  content: string;
  uuid: UUID;
  session_id: string;
};

/** The model refused and the CLI switched to a fallback model. */
export type SDKModelRefusalFallbackMessage = {
  type: 'system';
  subtype: 'model_refusal_fallback';
  trigger: 'refusal';
  direction: 'retry' | 'revert' | 'sticky';
  scope?: 'session' | 'local';
  original_model: string;
  fallback_model: string;
  request_id: string | null;
  api_refusal_category?: string | null;
  api_refusal_explanation?: string | null;
  retracted_message_uuids?: string[];
  refused_user_message_uuid?: string | null;
  content: string;
  uuid: UUID;
  session_id: string;
};

/** The model refused and no fallback model was available. */
export type SDKModelRefusalNoFallbackMessage = {
  type: 'system';
  subtype: 'model_refusal_no_fallback';
  original_model: string;
  request_id: string | null;
  api_refusal_category?: string | null;
  api_refusal_explanation?: string | null;
  refused_user_message_uuid?: string | null;
  content: string;
  uuid: UUID;
  session_id: string;
};

/** Progress of a plugin installation. */
export type SDKPluginInstallMessage = {
  type: 'system';
  subtype: 'plugin_install';
  status: 'started' | 'installed' | 'failed' | 'completed';
  name?: string;
  error?: string;
  uuid: UUID;
  session_id: string;
};

/** An informational notice for the user. */
export type SDKInformationalMessage = {
  type: 'system';
  subtype: 'informational';
  content: string;
  level: 'info' | 'notice' | 'suggestion' | 'warning';
  tool_use_id?: string;
  prevent_continuation?: boolean;
  tag?: string;
  uuid: UUID;
  session_id: string;
};

/** A notification for the user, with a priority. */
export type SDKNotificationMessage = {
  type: 'system';
  subtype: 'notification';
  key: string;
  text: string;
  priority: 'low' | 'medium' | 'high' | 'immediate';
  color?: string;
  timeout_ms?: number;
  uuid: UUID;
  session_id: string;
};

/** Files the session uploaded (or failed to upload). */
export type SDKFilesPersistedEvent = {
  type: 'system';
  subtype: 'files_persisted';
  files: {
    filename: string;
    file_id: string;
  }[];
  failed: {
    filename: string;
    error: string;
  }[];
  processed_at: string;
  uuid: UUID;
  session_id: string;
};

/** Memories recalled into the context. */
export type SDKMemoryRecallMessage = {
  type: 'system';
  subtype: 'memory_recall';
  mode: 'select' | 'synthesize';
  memories: {
    path: string;
    scope: 'personal' | 'team' | 'organization';
    content?: string;
  }[];
  uuid: UUID;
  session_id: string;
};

/** A URL-mode MCP elicitation completed. */
export type SDKElicitationCompleteMessage = {
  type: 'system';
  subtype: 'elicitation_complete';
  mcp_server_name: string;
  elicitation_id: string;
  uuid: UUID;
  session_id: string;
};

/** Mirroring the transcript to a session store failed. */
export type SDKMirrorErrorMessage = {
  type: 'system';
  subtype: 'mirror_error';
  error: string;
  key: {
    projectKey: string;
    sessionId: string;
    subpath?: string;
  };
  uuid: UUID;
  session_id: string;
};

/** The full list of slash commands after it changed; replaces the earlier list. */
export type SDKCommandsChangedMessage = {
  type: 'system';
  subtype: 'commands_changed';
  commands: SlashCommand[];
  uuid: UUID;
  session_id: string;
};
