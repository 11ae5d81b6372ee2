/**
 * @hexagent/mcp-inprocess: in-process MCP servers. `tool()` and `createSdkMcpServer()` define
 * servers whose handlers run in this process; `createInProcessMcpServer` is the `McpServerPort`
 * adapter that serves them (or a user's own `McpServer`) to the Claude Code CLI over the control
 * protocol. Importing this entry loads neither `@modelcontextprotocol/sdk`, ajv nor zod; they load
 * when a session first connects a server.
 *
 * @packageDocumentation
 */

export type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
export { TOOL_NAME_PATTERN } from './assert-tool-definition.js';
export { createInProcessMcpServer, type InProcessMcpServerInstance } from './create-in-process-mcp-server.js';
export {
  type CreateSdkMcpServerOptions,
  createSdkMcpServer,
  DEFAULT_TOOL_TIMEOUT_MS,
  type SdkMcpServerConfig,
} from './create-sdk-mcp-server.js';
export { InProcessMcpServerPort } from './in-process-mcp-server-port.js';
export { jsonRpcError, McpInProcessErrorCode } from './json-rpc-error.js';
export type {
  JsonSchema,
  JsonSchemaValidateFunction,
  JsonSchemaValidationResult,
  JsonSchemaValidator,
} from './json-schema-validator.js';
export { McpHandshakeError } from './mcp-handshake-error.js';
export { isMcpSdkServerLike, type McpSdkServerFactory, type McpSdkServerLike } from './mcp-sdk-server-like.js';
export { McpServerInUseError } from './mcp-server-in-use-error.js';
export { isSdkMcpServerDefinition, type SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
export type {
  AnyZodRawShape,
  InferShape,
  JsonSchemaObject,
  SdkMcpToolDefinition,
  ToolArgs,
  ToolExtras,
  ToolHandler,
  ToolHandlerExtra,
  ToolInputSchema,
  ToolNotification,
} from './sdk-mcp-tool-definition.js';
export { tool } from './tool.js';
