/**
 * The types of `@hexagent/sdk/adapters`, by name: the ports and what they carry (wire frames,
 * JSON-RPC messages, manifests), and the settings of the default adapters.
 */

export type {
  Clock,
  ControlCancelRequestMessage,
  ControlErrorResponse,
  ControlHandlerContext,
  ControlHandlerOptions,
  ControlMessage,
  ControlProtocol,
  ControlProtocolEngineOptions,
  ControlRequestBody,
  ControlRequestHandler,
  ControlRequestMessage,
  ControlRequestOptions,
  ControlResponseMessage,
  ControlSuccessResponse,
  IdSource,
  InboundMessage,
  InboundMessageStreamOptions,
  JsonRpcErrorObject,
  JsonRpcErrorResponse,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcResultResponse,
  LocalProcessHints,
  McpHandleContext,
  McpServerFactory,
  McpServerManifest,
  McpServerPort,
  OutboundMessage,
  SessionDependencies,
  TimerHandle,
  TimerOptions,
  Transport,
  TransportErrorOptions,
  TransportFactory,
  TransportLaunch,
  TransportSink,
} from '@hexagent/core';
export type {
  InProcessMcpServerInstance,
  McpSdkServerFactory,
  McpSdkServerLike,
} from '@hexagent/mcp-inprocess';
export type { CliTransportSettings, FindClaudeCliContext } from '@hexagent/transport-cli';
export type { LaunchContext } from '@hexagent/transport-kit';
