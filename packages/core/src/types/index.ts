/**
 * The types of `@hexagent/core`'s domain, by name: the official SDK's message, option, hook,
 * permission, MCP, control and settings shapes, and the Messages API shapes they use (`api/`).
 * The package entry re-exports this list.
 */

export type { AccountInfo } from './account-info.js';
export type { AgentDefinition, AgentInfo } from './agents.js';
export type {
  BetaContentBlock,
  BetaRedactedThinkingBlock,
  BetaServerToolUseBlock,
  BetaTextBlock,
  BetaThinkingBlock,
  BetaToolUseBlock,
} from './api/beta-content-blocks.js';
export type { BetaMessage, BetaStopReason } from './api/beta-message.js';
export type { BetaRawContentBlockDelta, BetaRawMessageStreamEvent } from './api/beta-stream-events.js';
export type { BetaUsage } from './api/beta-usage.js';
export type {
  ContentBlockParam,
  DocumentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from './api/content-block-params.js';
export type { MessageParam } from './api/message-param.js';
export type { Model } from './api/model.js';
export type { SDKControlRequest } from './control/sdk-control-requests.js';
export type {
  SDKControlGetContextUsageResponse,
  SDKControlGetUsageResponse,
  SDKControlInitializeResponse,
  SDKControlInterruptResponse,
  SDKControlMcpReadResourceResponse,
  SDKControlReadFileResponse,
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
  SDKControlResponse,
  SDKControlSetPermissionModeResponse,
} from './control/sdk-control-responses.js';
export type {
  ControlCancelRequestMessage,
  ControlErrorResponse,
  ControlMessage,
  ControlRequestBody,
  ControlRequestMessage,
  ControlResponseMessage,
  ControlSuccessResponse,
  InboundMessage,
  InitializeResponse,
  OutboundMessage,
} from './control.js';
export type {
  ElicitationRequest,
  ElicitationResult,
  OnElicitation,
  OnUserDialog,
  UserDialogRequest,
  UserDialogResult,
} from './elicitation.js';
export type { HookCallback, HookCallbackMatcher, HooksOptions } from './hooks/hook-callback.js';
export type { ExitReason, HookEvent } from './hooks/hook-events.js';
export type {
  BackgroundTaskSummary,
  BaseHookInput,
  ConfigChangeHookInput,
  CwdChangedHookInput,
  DirectoryAddedHookInput,
  ElicitationHookInput,
  ElicitationResultHookInput,
  FileChangedHookInput,
  HookInput,
  InstructionsLoadedHookInput,
  MessageDisplayHookInput,
  NotificationHookInput,
  PermissionDeniedHookInput,
  PermissionRequestHookInput,
  PostCompactHookInput,
  PostModelSwitchHookInput,
  PostToolBatchHookInput,
  PostToolBatchToolCall,
  PostToolUseFailureHookInput,
  PostToolUseHookInput,
  PreCompactHookInput,
  PreModelSwitchHookInput,
  PreSkillShellCommandHookInput,
  PreToolUseHookInput,
  SessionCronSummary,
  SessionEndHookInput,
  SessionStartHookInput,
  SetupHookInput,
  StopFailureHookInput,
  StopHookInput,
  SubagentStartHookInput,
  SubagentStopHookInput,
  TaskCompletedHookInput,
  TaskCreatedHookInput,
  TeammateIdleHookInput,
  UserPromptExpansionHookInput,
  UserPromptSubmitHookInput,
  WorktreeCreateHookInput,
  WorktreeRemoveHookInput,
} from './hooks/hook-inputs.js';
export type {
  AsyncHookJSONOutput,
  CwdChangedHookSpecificOutput,
  ElicitationHookSpecificOutput,
  ElicitationResultHookSpecificOutput,
  FileChangedHookSpecificOutput,
  HookJSONOutput,
  HookPermissionDecision,
  MessageDisplayHookSpecificOutput,
  NotificationHookSpecificOutput,
  PermissionDeniedHookSpecificOutput,
  PermissionRequestHookSpecificOutput,
  PostModelSwitchHookSpecificOutput,
  PostToolBatchHookSpecificOutput,
  PostToolUseFailureHookSpecificOutput,
  PostToolUseHookSpecificOutput,
  PreModelSwitchHookSpecificOutput,
  PreSkillShellCommandHookSpecificOutput,
  PreToolUseHookSpecificOutput,
  SessionStartHookSpecificOutput,
  SetupHookSpecificOutput,
  StopHookSpecificOutput,
  SubagentStartHookSpecificOutput,
  SubagentStopHookSpecificOutput,
  SyncHookJSONOutput,
  UserPromptExpansionHookSpecificOutput,
  UserPromptSubmitHookSpecificOutput,
  WorktreeCreateHookSpecificOutput,
} from './hooks/hook-outputs.js';
export type { JsonObject, JsonValue } from './json.js';
export type { ElicitResult } from './mcp/elicit-result.js';
export type { McpExternalServerConfig } from './mcp/external-mcp-server-configs.js';
export type {
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
} from './mcp/json-rpc.js';
export type {
  AgentMcpServerSpec,
  McpClaudeAIProxyServerConfig,
  McpHttpServerConfig,
  McpSdkServerConfig,
  McpSdkServerConfigWithInstance,
  McpServerConfig,
  McpServerConfigForProcessTransport,
  McpServerToolPolicy,
  McpSSEServerConfig,
  McpStdioServerConfig,
} from './mcp/mcp-server-config.js';
export type { McpServerManifest } from './mcp/mcp-server-manifest.js';
export type {
  McpServerProvenance,
  McpServerStatus,
  McpServerStatusConfig,
  McpSetServersResult,
} from './mcp/mcp-server-status.js';
export type { McpServersDelivery } from './mcp/mcp-servers-delivery.js';
export type {
  SDKAssistantMessage,
  SDKAssistantMessageError,
  SDKPartialAssistantMessage,
} from './messages/assistant-message.js';
export type { SDKAnySystemMessage } from './messages/message-guards.js';
export type {
  ModelUsage,
  NonNullableUsage,
  SDKDeferredToolUse,
  SDKPermissionDenial,
  SDKResultError,
  SDKResultMessage,
  SDKResultSuccess,
  SDKStartupFailureReason,
  TerminalReason,
} from './messages/result-message.js';
export type { SDKMessage } from './messages/sdk-message.js';
export type {
  SDKActiveGoalMessage,
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKRateLimitInfo,
  SDKToolProgressMessage,
  SDKToolUseSummaryMessage,
} from './messages/stream-messages.js';
export type {
  SDKCommandsChangedMessage,
  SDKElicitationCompleteMessage,
  SDKFilesPersistedEvent,
  SDKHookProgressMessage,
  SDKHookResponseMessage,
  SDKHookStartedMessage,
  SDKInformationalMessage,
  SDKLocalCommandOutputMessage,
  SDKMemoryRecallMessage,
  SDKMirrorErrorMessage,
  SDKModelRefusalFallbackMessage,
  SDKModelRefusalNoFallbackMessage,
  SDKNotificationMessage,
  SDKPermissionDeniedMessage,
  SDKPluginInstallMessage,
} from './messages/system-event-messages.js';
export type {
  ApiKeySource,
  FastModeDisabledReason,
  FastModeState,
  SDKSystemMessage,
} from './messages/system-init-message.js';
export type {
  SDKAPIRetryMessage,
  SDKCompactBoundaryMessage,
  SDKControlRequestProgressMessage,
  SDKSessionStateChangedMessage,
  SDKSessionWritesLostMessage,
  SDKStatus,
  SDKStatusMessage,
  SDKThinkingTokensMessage,
  SDKWorkerShuttingDownMessage,
} from './messages/system-status-messages.js';
export type {
  SDKBackgroundTasksChangedMessage,
  SDKMcpResourceLink,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
} from './messages/task-messages.js';
export type {
  SDKMessageOrigin,
  SDKUserMessage,
  SDKUserMessageInput,
  SDKUserMessageReplay,
} from './messages/user-message.js';
export type {
  EffortLevel,
  ModelInfo,
  SdkBeta,
  ThinkingAdaptive,
  ThinkingConfig,
  ThinkingDisabled,
  ThinkingEnabled,
} from './models.js';
export type { CallbackOptions } from './options/callback-options.js';
export type { ClaimInfo } from './options/claim-info.js';
export type { ClaimOptions } from './options/claim-options.js';
export type { ConversationOptions } from './options/conversation-options.js';
export type { HexagentOptions } from './options/hexagent-options.js';
export type { ModelOptions } from './options/model-options.js';
export type { PermissionOptions } from './options/permission-options.js';
export type { ProcessOptions } from './options/process-options.js';
export type { SessionOptions } from './options/session-options.js';
export type { SettingsOptions } from './options/settings-options.js';
export type {
  SpawnedProcessInput,
  SpawnedProcessLike,
  SpawnedProcessOutput,
  SpawnOptions,
} from './options/spawn-options.js';
export type { ToolOptions } from './options/tool-options.js';
export type { Options, SystemPromptOption } from './options.js';
export type { BaseOutputFormat, JsonSchemaOutputFormat, OutputFormat, OutputFormatType } from './output-format.js';
export type { CanUseTool, CanUseToolOptions } from './permissions/can-use-tool.js';
export type {
  PermissionAllow,
  PermissionDecisionClassification,
  PermissionDeny,
  PermissionResult,
} from './permissions/permission-result.js';
export type {
  SDKControlListPermissionRulesResponse,
  SDKControlPermissionRulesState,
  SDKPermissionRuleDescription,
  SDKPermissionRuleEntry,
  SDKPermissionWorkspaceDirectory,
} from './permissions/permission-rules.js';
export type {
  PermissionBehavior,
  PermissionMode,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
} from './permissions/permission-update.js';
export type { RewindFilesResult } from './rewind-files-result.js';
export type {
  SessionKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreFlush,
  SessionSummaryEntry,
} from './session-store/session-store.js';
export type {
  ForkSessionOptions,
  ForkSessionResult,
  GetSessionInfoOptions,
  GetSessionMessagesOptions,
  GetSubagentMessagesOptions,
  ImportSessionToStoreOptions,
  ListSessionsOptions,
  ListSubagentsOptions,
  SessionMutationOptions,
} from './sessions/session-function-options.js';
export type { SDKSessionInfo } from './sessions/session-info.js';
export type { SessionMessage } from './sessions/session-message.js';
export type { FlagSettingsUpdate } from './settings/flag-settings-update.js';
export type {
  DeniedModelsMatch,
  PolicySettingsOrigin,
  ProvenanceEntry,
  ResolvedSettingSource,
  ResolvedSettings,
  ResolveSettingsOptions,
} from './settings/resolved-settings.js';
export type {
  SandboxCredentialEnvVarRule,
  SandboxCredentialFileRule,
  SandboxCredentialsConfig,
  SandboxFilesystemConfig,
  SandboxIgnoreViolations,
  SandboxNetworkConfig,
  SandboxSettings,
} from './settings/sandbox-settings.js';
export type { ConfigScope, SDKSettingsParseError, SettingSource } from './settings/setting-source.js';
export type { Settings } from './settings/settings.js';
export type { SlashCommand } from './slash-command.js';
export type { SdkPluginConfig, ToolConfig } from './tool-config.js';
export type { SDKContextUsage, SDKContextUsageCategory, SDKUsageReport } from './usage/context-usage.js';
export type { UUID } from './uuid.js';
