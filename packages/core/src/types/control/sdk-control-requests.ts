import type { AgentDefinition } from '../agents.js';
import type { HookEvent } from '../hooks/hook-events.js';
import type { HookInput } from '../hooks/hook-inputs.js';
import type { McpJsonRpcMessage } from '../mcp/mcp-json-rpc-message.js';
import type { McpServerConfigForProcessTransport, McpServerToolPolicy } from '../mcp/mcp-server-config.js';
import type { McpServerProvenance } from '../mcp/mcp-server-status.js';
import type { PermissionMode, PermissionUpdate } from '../permissions/permission-update.js';
import type { SdkPluginConfig } from '../tool-config.js';

/** A control request from the CLI or to it. */
export type SDKControlRequest = {
  type: 'control_request';
  request_id: string;
  request: SDKControlRequestInner;
};

/** The body of any control request; `subtype` selects the operation. */
export type SDKControlRequestInner =
  | SDKControlInterruptRequest
  | SDKControlPermissionRequest
  | SDKControlInitializeRequest
  | SDKControlSetPermissionModeRequest
  | SDKControlSetModelRequest
  | SDKControlSetMaxThinkingTokensRequest
  | SDKControlRenameSessionRequest
  | SDKControlSetColorRequest
  | SDKControlMcpStatusRequest
  | SDKControlGetContextUsageRequest
  | SDKControlGetSessionCostRequest
  | SDKControlListModelsRequest
  | SDKControlGetUsageRequest
  | SDKControlGetBinaryVersionRequest
  | SDKControlMcpCallRequest
  | SDKControlFileSuggestionsRequest
  | SDKHookCallbackRequest
  | SDKControlMcpMessageRequest
  | SDKControlRewindFilesRequest
  | SDKControlCancelAsyncMessageRequest
  | SDKControlReadFileRequest
  | SDKControlSeedReadStateRequest
  | SDKControlMcpSetServersRequest
  | SDKControlRegisterRepoRootRequest
  | SDKControlReloadPluginsRequest
  | SDKControlReloadSkillsRequest
  | SDKControlReloadOutputStylesRequest
  | SDKControlMcpReconnectRequest
  | SDKControlMcpToggleRequest
  | SDKControlSetHasSubscribersRequest
  | SDKControlStopTaskRequest
  | SDKControlBackgroundTasksRequest
  | SDKControlGetTaskOutputRequest
  | SDKControlApplyFlagSettingsRequest
  | SDKControlGetSettingsRequest
  | SDKControlGetHooksListingRequest
  | SDKControlUpdateSettingsRequest
  | SDKControlElicitationRequest
  | SDKControlRequestUserDialogRequest
  | SDKControlListPermissionRulesRequest
  | SDKControlMcpReadResourceRequest;

/** The body of a `interrupt` control request. */
export type SDKControlInterruptRequest = {
  subtype: 'interrupt';
  cancel_queued?: boolean;
};

/** The body of a `can_use_tool` control request. */
export type SDKControlPermissionRequest = {
  subtype: 'can_use_tool';
  tool_name: string;
  mcp_server?: McpServerProvenance;
  input: Record<string, unknown>;
  permission_suggestions?: PermissionUpdate[];
  blocked_path?: string;
  decision_reason?: string;
  decision_reason_type?:
    | 'rule'
    | 'mode'
    | 'subcommandResults'
    | 'permissionPromptTool'
    | 'hook'
    | 'asyncAgent'
    | 'sandboxOverride'
    | 'workingDir'
    | 'safetyCheck'
    | 'classifier'
    | 'other';
  classifier_approvable?: boolean;
  suppress_always_allow_rule?: boolean;
  default_to_no?: boolean;
  matched_ask_rule?: {
    source: string;
    tool_name: string;
    rule_content?: string;
  };
  title?: string;
  display_name?: string;
  tool_use_id: string;
  agent_id?: string;
  description?: string;
  requires_user_interaction?: boolean;
};

/** The body of a `initialize` control request. */
export type SDKControlInitializeRequest = {
  subtype: 'initialize';
  hooks?: Partial<Record<HookEvent, SDKHookCallbackMatcher[]>>;
  sdkMcpServers?: string[];
  sdkMcpServerConfigs?: Record<
    string,
    {
      timeout?: number;
      tools?: McpServerToolPolicy[];
    }
  >;
  sdkMcpServerManifests?: Record<
    string,
    {
      initializeResult: Record<string, unknown>;
      toolsListResult?: Record<string, unknown>;
    }
  >;
  sdkMcpServerManifestsOrigin?: 'host_per_send';
  jsonSchema?: Record<string, unknown>;
  systemPrompt?: string[];
  appendSystemPrompt?: string;
  systemPromptSnapshot?: boolean;
  planModeInstructions?: string;
  toolAliases?: Record<string, string>;
  excludeDynamicSections?: boolean;
  agents?: Record<string, AgentDefinition>;
  title?: string;
  skills?: string[];
  promptSuggestions?: boolean;
  agentProgressSummaries?: boolean;
  forwardSubagentText?: boolean;
  supportedDialogKinds?: string[];
  perTaskStopAffordance?: boolean;
  plugins?: SdkPluginConfig[];
  mcpServers?: Record<string, McpServerConfigForProcessTransport>;
};

/** The body of a `set_permission_mode` control request. */
export type SDKControlSetPermissionModeRequest = {
  subtype: 'set_permission_mode';
  mode: PermissionMode;
};

/** The body of a `set_model` control request. */
export type SDKControlSetModelRequest = {
  subtype: 'set_model';
  model?: string | null;
};

/** The body of a `set_max_thinking_tokens` control request. */
export type SDKControlSetMaxThinkingTokensRequest = {
  subtype: 'set_max_thinking_tokens';
  max_thinking_tokens?: number | null;
  thinking_display?: ('summarized' | 'omitted' | 'highlights') | null;
};

/** The body of a `rename_session` control request. */
export type SDKControlRenameSessionRequest = {
  subtype: 'rename_session';
  title: string;
  source?: 'remote' | 'host';
  session_id?: string;
};

/** The body of a `set_color` control request. */
export type SDKControlSetColorRequest = {
  subtype: 'set_color';
  color: string;
};

/** The body of a `mcp_status` control request. */
export type SDKControlMcpStatusRequest = {
  subtype: 'mcp_status';
  liveReply?: boolean;
};

/** The body of a `get_context_usage` control request. */
export type SDKControlGetContextUsageRequest = {
  subtype: 'get_context_usage';
  detail?: 'summary' | 'full';
};

/** The body of a `get_session_cost` control request. */
export type SDKControlGetSessionCostRequest = {
  subtype: 'get_session_cost';
};

/** The body of a `list_models` control request. */
export type SDKControlListModelsRequest = {
  subtype: 'list_models';
};

/** The body of a `get_usage` control request. */
export type SDKControlGetUsageRequest = {
  subtype: 'get_usage';
  skip_behaviors?: boolean;
};

/** The body of a `get_binary_version` control request. */
export type SDKControlGetBinaryVersionRequest = {
  subtype: 'get_binary_version';
};

/** The body of a `mcp_call` control request. */
export type SDKControlMcpCallRequest = {
  subtype: 'mcp_call';
  tool: string;
  arguments?: Record<string, unknown>;
  expires_at?: string;
  timeout_ms?: number;
  result_not_for_model?: boolean;
  /**
   * Asks for the tool's own error result (`CallToolResult.isError`), not its text alone: the reply
   * then has the success subtype and `isError: true`. Feature-detected as
   * `mcp_call_soft_error_result_v1`; an older CLI ignores it.
   */
  soft_error_result?: boolean;
  check_permissions?: boolean;
  input_files?: {
    name: string;
    lane_path: string;
  }[];
  output_files?: {
    name: string;
    lane_path: string;
    if_match?: string;
  }[];
};

/** The body of a `file_suggestions` control request. */
export type SDKControlFileSuggestionsRequest = {
  subtype: 'file_suggestions';
  query: string;
};

/** The body of a `hook_callback` control request. */
export type SDKHookCallbackRequest = {
  subtype: 'hook_callback';
  callback_id: string;
  input: HookInput;
  tool_use_id?: string;
};

/** A hook matcher as sent in `initialize`: callback ids instead of functions. */
export type SDKHookCallbackMatcher = {
  matcher?: string;
  hookCallbackIds: string[];
  timeout?: number;
  onFailure?: 'continue' | 'block';
};

/** The body of a `mcp_message` control request. */
export type SDKControlMcpMessageRequest = {
  subtype: 'mcp_message';
  server_name: string;
  message: McpJsonRpcMessage;
};

/** The body of a `rewind_files` control request. */
export type SDKControlRewindFilesRequest = {
  subtype: 'rewind_files';
  user_message_id: string;
  dry_run?: boolean;
};

/** The body of a `cancel_async_message` control request. */
export type SDKControlCancelAsyncMessageRequest = {
  subtype: 'cancel_async_message';
  message_uuid: string;
};

/** The body of a `read_file` control request. */
export type SDKControlReadFileRequest = {
  subtype: 'read_file';
  path: string;
  max_bytes?: number;
  encoding?: 'utf-8' | 'base64';
};

/** The body of a `seed_read_state` control request. */
export type SDKControlSeedReadStateRequest = {
  subtype: 'seed_read_state';
  path: string;
  mtime: number;
};

/** The body of a `mcp_set_servers` control request. */
export type SDKControlMcpSetServersRequest = {
  subtype: 'mcp_set_servers';
  servers: Record<string, McpServerConfigForProcessTransport>;
};

/** The body of a `register_repo_root` control request. */
export type SDKControlRegisterRepoRootRequest = {
  subtype: 'register_repo_root';
  directory: string;
  reload_claude_md?: boolean;
  reload_plugins?: boolean;
  reload_skills?: boolean;
};

/** The body of a `reload_plugins` control request. */
export type SDKControlReloadPluginsRequest = {
  subtype: 'reload_plugins';
  hold_on_cache_impact?: boolean;
  add_plugins?: SdkPluginConfig[];
  refuse_if_busy?: boolean;
};

/** The body of a `reload_skills` control request. */
export type SDKControlReloadSkillsRequest = {
  subtype: 'reload_skills';
};

/** The body of a `reload_output_styles` control request. */
export type SDKControlReloadOutputStylesRequest = {
  subtype: 'reload_output_styles';
};

/** The body of a `mcp_reconnect` control request. */
export type SDKControlMcpReconnectRequest = {
  subtype: 'mcp_reconnect';
  serverName: string;
};

/** The body of a `mcp_toggle` control request. */
export type SDKControlMcpToggleRequest = {
  subtype: 'mcp_toggle';
  serverName: string;
  enabled: boolean;
};

/** The body of a `set_has_subscribers` control request. */
export type SDKControlSetHasSubscribersRequest = {
  subtype: 'set_has_subscribers';
  has_subscribers: boolean | null;
};

/** The body of a `stop_task` control request. */
export type SDKControlStopTaskRequest = {
  subtype: 'stop_task';
  task_id: string;
};

/** The body of a `background_tasks` control request. */
export type SDKControlBackgroundTasksRequest = {
  subtype: 'background_tasks';
  tool_use_id?: string;
};

/** The body of a `get_task_output` control request. */
export type SDKControlGetTaskOutputRequest = {
  subtype: 'get_task_output';
  task_id: string;
};

/** The body of a `apply_flag_settings` control request. */
export type SDKControlApplyFlagSettingsRequest = {
  subtype: 'apply_flag_settings';
  settings: Record<string, unknown>;
};

/** The body of a `get_settings` control request. */
export type SDKControlGetSettingsRequest = {
  subtype: 'get_settings';
};

/** The body of a `get_hooks_listing` control request. */
export type SDKControlGetHooksListingRequest = {
  subtype: 'get_hooks_listing';
};

/** The body of a `update_settings` control request. */
export type SDKControlUpdateSettingsRequest = {
  subtype: 'update_settings';
  source: 'localSettings' | 'userSettings';
  settings: Record<string, unknown>;
};

/** The body of a `elicitation` control request. */
export type SDKControlElicitationRequest = {
  subtype: 'elicitation';
  mcp_server_name: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitation_id?: string;
  requested_schema?: Record<string, unknown>;
  property_order?: string[];
  title?: string;
  display_name?: string;
  description?: string;
};

/** The body of a `request_user_dialog` control request. */
export type SDKControlRequestUserDialogRequest = {
  subtype: 'request_user_dialog';
  dialog_kind: string;
  payload: Record<string, unknown>;
  tool_use_id?: string;
};

/** The body of a `list_permission_rules` control request. */
export type SDKControlListPermissionRulesRequest = {
  subtype: 'list_permission_rules';
};

/** The body of a `mcp_read_resource` control request. */
export type SDKControlMcpReadResourceRequest = {
  subtype: 'mcp_read_resource';
  serverName: string;
  uri: string;
};

/** Withdraws a control request the sender no longer needs answered. */
export type SDKControlCancelRequest = {
  type: 'control_cancel_request';
  request_id: string;
};
