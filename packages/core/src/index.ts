/**
 * @hexagent/core: the domain of hexagent. Message and option types, the ports (`Transport`,
 * `ControlProtocol`, `McpServerPort`), the control protocol engine and the `Session` use case.
 * It imports no Node.js module and no npm package.
 *
 * @packageDocumentation
 */

export { AbortError } from './errors/abort-error.js';
export { ControlRequestError } from './errors/control-request-error.js';
export { ControlTimeoutError } from './errors/control-timeout-error.js';
export { HexagentError, type HexagentErrorOptions, hasMarker } from './errors/hexagent-error.js';
export { InvalidOptionError } from './errors/invalid-option-error.js';
export { JsonDecodeError } from './errors/json-decode-error.js';
export { McpServersNotAppliedError } from './errors/mcp-servers-not-applied-error.js';
export { MessageTooLargeError } from './errors/message-too-large-error.js';
export { ProtocolError } from './errors/protocol-error.js';
export type {
  ControlHandlerContext,
  ControlHandlerOptions,
  ControlProtocol,
  ControlRequestHandler,
  ControlRequestOptions,
} from './ports/control-protocol.js';
export type { McpHandleContext, McpServerFactory, McpServerPort } from './ports/mcp-server-port.js';
export type { Transport, TransportFactory, TransportSink } from './ports/transport.js';
export { TransportClosedError } from './ports/transport-closed-error.js';
export { TransportError, type TransportErrorOptions } from './ports/transport-error.js';
export { TransportInputClosedError } from './ports/transport-input-closed-error.js';
export { TransportStartError } from './ports/transport-start-error.js';
export {
  ControlProtocolEngine,
  type ControlProtocolEngineOptions,
  DEFAULT_CONTROL_TIMEOUT_MS,
  errorMessage,
} from './protocol/control-protocol-engine.js';
export { DEFAULT_PERMISSION_TIMEOUT_MS } from './session/handlers/can-use-tool-handler.js';
export { DEFAULT_HOOK_TIMEOUT_MS } from './session/hook-registrations.js';
export { Session } from './session/session.js';
export type { SessionDependencies } from './session/session-dependencies.js';
export type { AccountInfo } from './types/account-info.js';
export type {
  AgentDefinition,
  AgentInfo,
} from './types/agents.js';
export type {
  BetaContentBlock,
  BetaRedactedThinkingBlock,
  BetaServerToolUseBlock,
  BetaTextBlock,
  BetaThinkingBlock,
  BetaToolUseBlock,
} from './types/api/beta-content-blocks.js';
export type {
  BetaMessage,
  BetaStopReason,
} from './types/api/beta-message.js';
export type {
  BetaRawContentBlockDelta,
  BetaRawMessageStreamEvent,
} from './types/api/beta-stream-events.js';
export type { BetaUsage } from './types/api/beta-usage.js';
export type {
  ContentBlockParam,
  DocumentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from './types/api/content-block-params.js';
export type { MessageParam } from './types/api/message-param.js';
export type { Model } from './types/api/model.js';
export { SYSTEM_PROMPT_DYNAMIC_BOUNDARY } from './types/constants/system-prompt-boundary.js';
export {
  BUILTIN_TOOL_NAMES,
  LEGACY_TOOL_NAME_ALIASES,
} from './types/constants/tool-names.js';
export {
  ORG_POLICY_LIMIT_PREFIXES,
  USAGE_LIMIT_ERROR_PREFIXES,
  USAGE_TRANSITION_PREFIXES,
  USAGE_WARNING_PREFIXES,
} from './types/constants/usage-prefixes.js';
export type { SDKControlRequest } from './types/control/sdk-control-requests.js';
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
} from './types/control/sdk-control-responses.js';
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
} from './types/control.js';
export type {
  ElicitationRequest,
  ElicitationResult,
  OnElicitation,
  OnUserDialog,
  UserDialogRequest,
  UserDialogResult,
} from './types/elicitation.js';
export type {
  HookCallback,
  HookCallbackMatcher,
  HooksOptions,
} from './types/hooks/hook-callback.js';
export {
  EXIT_REASONS,
  type ExitReason,
  HOOK_EVENTS,
  type HookEvent,
} from './types/hooks/hook-events.js';
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
} from './types/hooks/hook-inputs.js';
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
} from './types/hooks/hook-outputs.js';
export type {
  JsonObject,
  JsonValue,
} from './types/json.js';
export type { ElicitResult } from './types/mcp/elicit-result.js';
export {
  externalMcpServerConfigs,
  isSdkServerConfig,
  type McpExternalServerConfig,
} from './types/mcp/external-mcp-server-configs.js';
export {
  JsonRpcErrorCode,
  type JsonRpcErrorObject,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcResultResponse,
} from './types/mcp/json-rpc.js';
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
} from './types/mcp/mcp-server-config.js';
export type { McpServerManifest } from './types/mcp/mcp-server-manifest.js';
export type {
  McpServerProvenance,
  McpServerStatus,
  McpServerStatusConfig,
  McpSetServersResult,
} from './types/mcp/mcp-server-status.js';
export {
  DEFAULT_MCP_SERVERS_DELIVERY,
  type McpServersDelivery,
} from './types/mcp/mcp-servers-delivery.js';
export type {
  SDKAssistantMessage,
  SDKAssistantMessageError,
  SDKPartialAssistantMessage,
} from './types/messages/assistant-message.js';
export {
  assistantText,
  isApiRetryMessage,
  isAssistantMessage,
  isCompactBoundaryMessage,
  isResultError,
  isResultMessage,
  isResultSuccess,
  isSessionStateChangedMessage,
  isStatusMessage,
  isStreamEvent,
  isSystemInitMessage,
  isSystemMessage,
  isUserMessage,
  type SDKAnySystemMessage,
  toolUses,
} from './types/messages/message-guards.js';
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
} from './types/messages/result-message.js';
export type { SDKMessage } from './types/messages/sdk-message.js';
export type {
  SDKActiveGoalMessage,
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKRateLimitInfo,
  SDKToolProgressMessage,
  SDKToolUseSummaryMessage,
} from './types/messages/stream-messages.js';
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
} from './types/messages/system-event-messages.js';
export type {
  ApiKeySource,
  FastModeDisabledReason,
  FastModeState,
  SDKSystemMessage,
} from './types/messages/system-init-message.js';
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
} from './types/messages/system-status-messages.js';
export type {
  SDKBackgroundTasksChangedMessage,
  SDKMcpResourceLink,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
} from './types/messages/task-messages.js';
export type {
  SDKMessageOrigin,
  SDKUserMessage,
  SDKUserMessageInput,
  SDKUserMessageReplay,
} from './types/messages/user-message.js';
export type {
  EffortLevel,
  ModelInfo,
  SdkBeta,
  ThinkingAdaptive,
  ThinkingConfig,
  ThinkingDisabled,
  ThinkingEnabled,
} from './types/models.js';
export type {
  Options,
  SystemPromptOption,
} from './types/options.js';
export type {
  BaseOutputFormat,
  JsonSchemaOutputFormat,
  OutputFormat,
  OutputFormatType,
} from './types/output-format.js';
export type {
  CanUseTool,
  CanUseToolOptions,
} from './types/permissions/can-use-tool.js';
export type {
  PermissionAllow,
  PermissionDecisionClassification,
  PermissionDeny,
  PermissionResult,
} from './types/permissions/permission-result.js';
export type {
  SDKControlListPermissionRulesResponse,
  SDKControlPermissionRulesState,
  SDKPermissionRuleDescription,
  SDKPermissionRuleEntry,
  SDKPermissionWorkspaceDirectory,
} from './types/permissions/permission-rules.js';
export type {
  PermissionBehavior,
  PermissionMode,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
} from './types/permissions/permission-update.js';
export type { RewindFilesResult } from './types/rewind-files-result.js';
export type {
  DeniedModelsMatch,
  PolicySettingsOrigin,
  ProvenanceEntry,
  ResolvedSettingSource,
  ResolvedSettings,
  ResolveSettingsOptions,
} from './types/settings/resolved-settings.js';
export type {
  SandboxCredentialEnvVarRule,
  SandboxCredentialFileRule,
  SandboxCredentialsConfig,
  SandboxFilesystemConfig,
  SandboxIgnoreViolations,
  SandboxNetworkConfig,
  SandboxSettings,
} from './types/settings/sandbox-settings.js';
export type {
  ConfigScope,
  SDKSettingsParseError,
  SettingSource,
} from './types/settings/setting-source.js';
export type { Settings } from './types/settings/settings.js';
export type { SlashCommand } from './types/slash-command.js';
export type {
  SdkPluginConfig,
  ToolConfig,
} from './types/tool-config.js';
export type {
  SDKContextUsage,
  SDKContextUsageCategory,
  SDKUsageReport,
} from './types/usage/context-usage.js';
export type { UUID } from './types/uuid.js';
export { AsyncQueue } from './util/async-queue.js';
export { InboundMessageStream, type InboundMessageStreamOptions } from './util/inbound-message-stream.js';
export { LazyAbortController } from './util/lazy-abort-controller.js';
export { onAbort } from './util/on-abort.js';
export { readTransport } from './util/read-transport.js';
