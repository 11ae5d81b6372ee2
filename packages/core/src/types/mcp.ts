/** JSON-RPC 2.0 and MCP server configuration types. */

/** A JSON-RPC request id. */
export type JsonRpcId = string | number;

/** A JSON-RPC request (has an id, expects a response). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

/** A JSON-RPC notification (no id, no response). */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

/** A successful JSON-RPC response. */
export interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: Record<string, unknown>;
}

/** A JSON-RPC error object. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A failed JSON-RPC response. `id` is null when the request could not be read. */
export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

/** Any JSON-RPC response. */
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

/** Any JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** The standard JSON-RPC error codes, as the MCP spec uses them. */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** An external MCP server run by the CLI as a subprocess. */
export interface McpStdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
}

/** An external MCP server reached over Server-Sent Events. */
export interface McpSSEServerConfig {
  type: 'sse';
  url: string;
  headers?: Record<string, string>;
}

/** An external MCP server reached over streamable HTTP. */
export interface McpHttpServerConfig {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
}

/**
 * An in-process MCP server: its tools run in this process and the CLI reaches them over the
 * control protocol. `instance` is whatever the configured `McpServerFactory` understands; with
 * `@hexagent/mcp-inprocess` that is the value `createSdkMcpServer` returns, or a user's own
 * `McpServer` from `@modelcontextprotocol/sdk`.
 */
export interface McpSdkServerConfigWithInstance {
  type: 'sdk';
  name: string;
  instance: unknown;
}

/** Any MCP server configuration accepted in `options.mcpServers`. */
export type McpServerConfig =
  | McpStdioServerConfig
  | McpSSEServerConfig
  | McpHttpServerConfig
  | McpSdkServerConfigWithInstance;

/** An external server configuration, as the CLI accepts it in `--mcp-config`. */
export type McpExternalServerConfig = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig;

/** Precomputed MCP handshake results, sent in `initialize` so the CLI can skip the handshake. */
export interface McpServerManifest {
  initializeResult: Record<string, unknown>;
  toolsListResult: { tools: Array<Record<string, unknown>>; [key: string]: unknown };
}

/** True when `config` describes an in-process (SDK) server. */
export function isSdkServerConfig(config: McpServerConfig): config is McpSdkServerConfigWithInstance {
  return config.type === 'sdk';
}

/**
 * How the configs of external MCP servers (stdio, sse, http) reach the CLI:
 * - `'initialize'`: inside the `initialize` control request, over the CLI's stdin, with the
 *   `--await-initialize` flag. Nothing of them (commands, `env`, `headers`) is on the command line.
 * - `'argv'`: as JSON in `--mcp-config`, on the command line, where any user of the machine can
 *   read them (`ps`, `/proc/<pid>/cmdline`). Needed only for a CLI too old to read them from
 *   `initialize` (it answers without `mcp_servers_applied`).
 */
export type McpServersDelivery = 'argv' | 'initialize';

/** The default {@link McpServersDelivery}: over stdin, so secrets in `env` and `headers` stay off argv. */
export const DEFAULT_MCP_SERVERS_DELIVERY: McpServersDelivery = 'initialize';

/**
 * The external (stdio, sse, http) servers of `servers`, as the CLI takes them: a stdio config
 * without a `type` gets `type: 'stdio'`, a stray `instance` field is dropped, and in-process
 * (`type: 'sdk'`) servers are left out, so an `instance` never leaves the process. `undefined` when
 * there are none.
 */
export function externalMcpServerConfigs(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
): Record<string, McpExternalServerConfig> | undefined {
  if (servers === undefined) return undefined;
  const external: Record<string, McpExternalServerConfig> = {};
  let count = 0;
  for (const [name, config] of Object.entries(servers)) {
    if (isSdkServerConfig(config)) continue;
    const { instance: _instance, ...rest } = config as McpExternalServerConfig & { instance?: unknown };
    external[name] = rest.type === undefined ? { ...rest, type: 'stdio' } : rest;
    count++;
  }
  return count === 0 ? undefined : external;
}
