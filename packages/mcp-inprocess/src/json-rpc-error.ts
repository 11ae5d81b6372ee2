import type { JsonRpcErrorResponse, JsonRpcId } from '@hexagent/core';

/**
 * Error codes this package answers with besides the standard ones in core's `JsonRpcErrorCode`
 * (-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params,
 * -32603 internal error).
 */
export const McpInProcessErrorCode = {
  /**
   * The request was cancelled before the server answered: by `notifications/cancelled` from the
   * CLI or by the `signal` passed to `handle`. The code is the one LSP uses for cancelled requests;
   * MCP servers send no response for a cancelled request, so the CLI never sees it in practice.
   */
  RequestCancelled: -32800,
  /** The port was closed (or the server disconnected) before the server answered. The MCP SDK's code. */
  ConnectionClosed: -32000,
} as const;

/**
 * A JSON-RPC error response. `id` is `null` when the request's id could not be read.
 *
 * @example
 * ```ts
 * jsonRpcError(3, JsonRpcErrorCode.MethodNotFound, 'Unknown MCP server "calc"');
 * // { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Unknown MCP server "calc"' } }
 * ```
 */
export function jsonRpcError(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcErrorResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}
