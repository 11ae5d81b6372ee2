import { NO_CONTROL_RESPONSE } from '../../ports/control-protocol.js';
import type { McpServerPort } from '../../ports/mcp-server-port.js';
import type { ControlRequestBody } from '../../types/control.js';
import { JsonRpcErrorCode, type JsonRpcMessage } from '../../types/mcp/json-rpc.js';

/**
 * The handler of the CLI's `mcp_message` requests: hands the JSON-RPC message to the in-process
 * server named by `server_name` and answers `{ mcp_response }`. A notification (no response) is
 * answered with an empty result, an unknown server with a JSON-RPC "method not found" error, and a
 * server in `removed` (taken out by `setMcpServers`) with the official SDK's error answer
 * `SDK MCP server not found: <name>`.
 *
 * Every call gets `signal` (the session's), not a signal per request: the CLI cancels a tool call
 * with MCP's `notifications/cancelled` (capture 06), which the port serves, not with
 * `control_cancel_request` (see docs/performance.md#abort-signals). Register it with
 * `{ cancellable: false }`.
 *
 * A request the CLI cancelled (`notifications/cancelled` naming it while it is in flight) gets no
 * answer at all, as on the official SDK (whose MCP server drops the response of a cancelled
 * request): the server's own answer to it (the port's -32800) is not written. The CLI stops waiting
 * for it when it cancels.
 *
 * @example
 * ```ts
 * protocol.handle('mcp_message', createMcpMessageHandler(servers, lifetime.signal), { cancellable: false });
 * ```
 */
export function createMcpMessageHandler(
  servers: ReadonlyMap<string, McpServerPort>,
  signal: AbortSignal,
  removed: ReadonlySet<string> = new Set(),
): (request: ControlRequestBody) => Promise<Record<string, unknown> | typeof NO_CONTROL_RESPONSE> {
  // Requests in flight by server and id (`true` once the CLI cancelled one).
  const inFlight = new Map<string, boolean>();
  // Not an async function, on every tool call's path (docs/performance.md#promises-and-async-frames).
  return (request) => {
    const name = request.server_name;
    const message = request.message as JsonRpcMessage | undefined;
    const id = message !== undefined && typeof message === 'object' && 'id' in message ? message.id : null;
    const server = typeof name === 'string' ? servers.get(name) : undefined;
    if (server === undefined) {
      if (typeof name === 'string' && removed.has(name)) throw new Error(`SDK MCP server not found: ${name}`);
      return Promise.resolve({
        mcp_response: {
          jsonrpc: '2.0',
          id: id ?? null,
          error: { code: JsonRpcErrorCode.MethodNotFound, message: `Unknown MCP server: ${String(name)}` },
        },
      });
    }
    if (id === null || id === undefined) {
      noteCancellation(inFlight, server.name, message);
      return server
        .handle(message as JsonRpcMessage, { signal })
        .then((response) => ({ mcp_response: response ?? { jsonrpc: '2.0', result: {}, id: 0 } }));
    }
    const key = requestKey(server.name, id);
    inFlight.set(key, false);
    return server.handle(message as JsonRpcMessage, { signal }).then(
      (response) => {
        const cancelled = inFlight.get(key) === true;
        inFlight.delete(key);
        return cancelled ? NO_CONTROL_RESPONSE : { mcp_response: response ?? { jsonrpc: '2.0', result: {}, id: 0 } };
      },
      (error: unknown) => {
        inFlight.delete(key);
        throw error;
      },
    );
  };
}

/** The key of request `id` to server `name`. */
function requestKey(name: string, id: unknown): string {
  return `${name}\u0000${JSON.stringify(id)}`;
}

/** Marks the request a `notifications/cancelled` names as cancelled, when it is in flight. */
function noteCancellation(inFlight: Map<string, boolean>, name: string, message: JsonRpcMessage | undefined): void {
  if (message === undefined || typeof message !== 'object' || !('method' in message)) return;
  if (message.method !== 'notifications/cancelled') return;
  const params = 'params' in message ? (message.params as Record<string, unknown> | undefined) : undefined;
  const key = requestKey(name, params?.['requestId']);
  if (inFlight.has(key)) inFlight.set(key, true);
}
