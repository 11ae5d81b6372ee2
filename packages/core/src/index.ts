/**
 * @hexagent/core: the domain of hexagent. Message and option types, the ports (`Transport`,
 * `ControlProtocol`, `McpServerPort`), the control protocol engine and the `Session` use case.
 * It imports no Node.js module and no npm package.
 *
 * @packageDocumentation
 */

export { AbortError } from './errors/abort-error.js';
export { CliNotFoundError } from './errors/cli-not-found-error.js';
export { ControlRequestError } from './errors/control-request-error.js';
export { ControlTimeoutError } from './errors/control-timeout-error.js';
export { HexagentError, type HexagentErrorOptions, hasMarker } from './errors/hexagent-error.js';
export { InvalidOptionError } from './errors/invalid-option-error.js';
export { JsonDecodeError } from './errors/json-decode-error.js';
export { McpServersNotAppliedError } from './errors/mcp-servers-not-applied-error.js';
export { MessageTooLargeError } from './errors/message-too-large-error.js';
export { ProcessError } from './errors/process-error.js';
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
export {
  ControlProtocolEngine,
  type ControlProtocolEngineOptions,
  DEFAULT_CONTROL_TIMEOUT_MS,
  errorMessage,
} from './protocol/control-protocol-engine.js';
export { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './protocol/line-decoder.js';
export {
  DEFAULT_HOOK_TIMEOUT_MS,
  DEFAULT_PERMISSION_TIMEOUT_MS,
  type McpServerStatus,
  type ModelInfo,
  Session,
  type SessionDependencies,
  type SlashCommand,
} from './session/session.js';
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
export {
  type BaseHookInput,
  HOOK_EVENTS,
  type HookCallback,
  type HookCallbackMatcher,
  type HookEvent,
  type HookInput,
  type HookJSONOutput,
  type HookSpecificOutput,
  type HooksOptions,
  type NotificationHookInput,
  type PermissionRequestHookInput,
  type PostToolUseFailureHookInput,
  type PostToolUseHookInput,
  type PreCompactHookInput,
  type PreToolUseHookInput,
  type SessionEndHookInput,
  type SessionStartHookInput,
  type StopHookInput,
  type SubagentStartHookInput,
  type SubagentStopHookInput,
  type UserPromptSubmitHookInput,
} from './types/hooks.js';
export {
  DEFAULT_MCP_SERVERS_DELIVERY,
  externalMcpServerConfigs,
  isSdkServerConfig,
  JsonRpcErrorCode,
  type JsonRpcErrorObject,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcResultResponse,
  type McpExternalServerConfig,
  type McpHttpServerConfig,
  type McpSdkServerConfigWithInstance,
  type McpServerConfig,
  type McpServerManifest,
  type McpServersDelivery,
  type McpSSEServerConfig,
  type McpStdioServerConfig,
} from './types/mcp.js';
export {
  type ApiAssistantMessage,
  type ApiUserMessage,
  assistantText,
  type ContentBlock,
  type ImageBlock,
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
  type JsonObject,
  type JsonValue,
  type SDKAnyMessage,
  type SDKApiRetryMessage,
  type SDKAssistantMessage,
  type SDKCompactBoundaryMessage,
  type SDKHookResponseMessage,
  type SDKHookStartedMessage,
  type SDKMessage,
  type SDKPartialAssistantMessage,
  type SDKPermissionDeniedMessage,
  type SDKRateLimitEvent,
  type SDKResultError,
  type SDKResultMessage,
  type SDKResultSuccess,
  type SDKSessionStateChangedMessage,
  type SDKStatusMessage,
  type SDKSystemInitMessage,
  type SDKSystemMessage,
  type SDKSystemOtherMessage,
  type SDKTaskNotificationMessage,
  type SDKToolProgressMessage,
  type SDKToolUseSummaryMessage,
  type SDKUnknownMessage,
  type SDKUserMessage,
  type SDKUserMessageInput,
  type TextBlock,
  type ThinkingBlock,
  type ToolResultBlock,
  type ToolUseBlock,
  toolUses,
  type UnknownBlock,
  type Usage,
} from './types/messages.js';
export type {
  AgentDefinition,
  Options,
  OutputFormat,
  SettingSource,
  SystemPromptOption,
} from './types/options.js';
export type {
  CanUseTool,
  CanUseToolOptions,
  PermissionAllow,
  PermissionDeny,
  PermissionMode,
  PermissionResult,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
} from './types/permissions.js';
export { AsyncQueue } from './util/async-queue.js';
export { LazyAbortController } from './util/lazy-abort-controller.js';
export { onAbort } from './util/on-abort.js';
export { readTransport } from './util/read-transport.js';
