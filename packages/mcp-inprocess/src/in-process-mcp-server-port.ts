import {
  errorMessage,
  JsonRpcErrorCode,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcResponse,
  type McpHandleContext,
  type McpServerManifest,
  type McpServerPort,
} from '@hexagent/core';
import { jsonRpcError, McpInProcessErrorCode } from './json-rpc-error.js';
import {
  type InboundNotification,
  type InboundRequest,
  isJsonRpcId,
  parseJsonRpcMessage,
  requestIdOf,
} from './json-rpc-message.js';
import type { McpRuntime } from './load-mcp-runtime.js';
import { McpSdkConnection } from './mcp-sdk-connection.js';
import type { McpSdkServerLike } from './mcp-sdk-server-like.js';
import { RemappedRequests } from './remapped-requests.js';

function nothing(): undefined {
  return undefined;
}

function reasonText(reason: unknown): string {
  return reason === undefined ? 'cancelled' : errorMessage(reason);
}

/**
 * The `McpServerPort` of one in-process MCP server in one session, as `createInProcessMcpServer`
 * makes it: the CLI's JSON-RPC messages (from `mcp_message` control requests) go in through
 * `handle`, and the server's responses come back. Nothing is loaded or connected until the first
 * `manifest()` or `handle()`. There is one kind of port per kind of `instance`:
 * - the `instance` of `createSdkMcpServer` (the usual case): the port builds the manifest and
 *   serves `tools/call` itself with hexagent's tool runner, without the MCP SDK (arguments
 *   validated and handlers run as an MCP SDK `Server` would, the same answers and errors, a result
 *   that is not plain text checked with the SDK's `CallToolResultSchema`). Everything else (the
 *   CLI's own handshake, other methods, unusual `tools/call` params) goes to an MCP SDK `Server`
 *   the port builds from the definition. Each port has its own, so one config serves many sessions;
 * - an `McpServer` or low-level `Server` of `@modelcontextprotocol/sdk`, or a function returning a
 *   fresh one (sync or async, called once per port): connected over the MCP SDK's in-memory
 *   transport. A server can be connected to one port at a time; if it is connected elsewhere the
 *   port fails with `McpServerInUseError`. `close()` disconnects it (its `onclose` runs and its
 *   running handlers are aborted) but never calls its `close()`, so it can be connected again.
 *
 * Behaviour on the wire, for both:
 * - Ids are remapped: the CLI's ids never meet the port's own (the handshake in `manifest()`), and
 *   concurrent calls run concurrently and are matched to their callers.
 * - `notifications/cancelled` for a call in flight aborts that handler's signal; its `handle`
 *   resolves with error -32800 ({@link McpInProcessErrorCode}). A cancellation for an id not in
 *   flight is dropped.
 * - When `context.signal` aborts first, the handler is cancelled the same way and `handle`
 *   resolves with error -32800. On `close()` calls in flight resolve with -32000.
 * - Errors: -32700 for a message that is not a JSON object, -32600 for one that is not JSON-RPC
 *   2.0 (`jsonrpc` not `"2.0"`, `method` not a string, a bad id), -32602 for a `tools/call` without a
 *   tool name or with non-object arguments (and for an unknown tool), -32601 for methods the server
 *   does not serve, -32603 when the server cannot be started or fails unexpectedly.
 * - A JSON-RPC response from the CLI resolves `undefined` (the port never sends the CLI requests);
 *   requests the server sends to the client are answered here (`ping`, or -32601); notifications
 *   the server sends (progress, logging, list changes) are dropped for now.
 */
export abstract class InProcessMcpServerPort implements McpServerPort {
  /** The version of the `McpServerPort` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  /** The server's name: the `server_name` of the CLI's `mcp_message` requests. */
  readonly name: string;
  /** Requests in flight, by the id the server saw. */
  protected readonly pending: RemappedRequests;
  /** The MCP SDK server behind the port, connected on first use. */
  protected readonly connection: McpSdkConnection;
  /** Set by `close()`: nothing is served or connected afterwards. */
  protected closed = false;
  private manifestPromise: Promise<McpServerManifest> | undefined;
  private closing: Promise<void> | undefined;

  /** @param name - The server's name (the key in `mcpServers`). */
  protected constructor(name: string) {
    this.name = name;
    this.pending = new RemappedRequests((ourId, reason) => this.cancel(ourId, reason, undefined));
    this.connection = new McpSdkConnection({
      name,
      requests: this.pending,
      server: (runtime) => this.createServer(runtime),
      failure: (id, error) => this.internalError(id, error),
    });
  }

  /**
   * The server's `initialize` and `tools/list` results, for the session's `initialize` request.
   * Computed once (a failure is not kept: the next call tries again).
   *
   * @throws McpServerInUseError when a user-supplied server is connected elsewhere.
   * @throws McpHandshakeError when the server cannot start or answers the handshake with an error.
   */
  manifest(): Promise<McpServerManifest> {
    this.manifestPromise ??= this.loadManifest().catch((error: unknown) => {
      this.manifestPromise = undefined;
      throw error;
    });
    return this.manifestPromise;
  }

  /** Serves one JSON-RPC message from the CLI. Never rejects: failures become JSON-RPC error responses. */
  handle(message: JsonRpcMessage, context: McpHandleContext): Promise<JsonRpcResponse | undefined> {
    // Not an async function, on every tool call's path (docs/performance.md#promises-and-async-frames).
    try {
      return Promise.resolve(this.serve(message, context));
    } catch (error) {
      const id = requestIdOf(message);
      return Promise.resolve(id === null ? undefined : this.internalError(id, error));
    }
  }

  /**
   * Disconnects from the server: the in-memory transport pair is closed, which makes the MCP SDK
   * abort the signals of running handlers, and the handlers of calls the port serves itself are
   * aborted; calls in flight resolve with error -32000. A user-supplied server is only
   * disconnected, never closed. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /** The manifest, computed for {@link InProcessMcpServerPort.manifest}. */
  protected abstract loadManifest(): Promise<McpServerManifest>;

  /** The MCP SDK server to connect, once per connection attempt. */
  protected abstract createServer(runtime: McpRuntime): Promise<McpSdkServerLike>;

  /**
   * Serves a request that passed the checks (the port is open, the caller's signal not aborted):
   * through the MCP SDK server unless a port kind serves it itself.
   */
  protected serveRequest(
    request: InboundRequest,
    signal: AbortSignal | undefined,
  ): Promise<JsonRpcResponse> | JsonRpcResponse {
    const { id } = request;
    return this.connection
      .request(request.message, id, signal)
      .catch((error: unknown) => this.internalError(id, error));
  }

  /** The answer to request `id` that failed with `error`: -32603, or -32000 once the port is closed. */
  protected internalError(id: JsonRpcId, error: unknown): JsonRpcErrorResponse {
    if (this.closed) return this.closedError(id);
    return jsonRpcError(id, JsonRpcErrorCode.InternalError, `Internal error: ${errorMessage(error)}`);
  }

  /** Called once by `close()`, before the requests in flight are answered: for a port kind's own resources. */
  protected releaseResources(): void {}

  private serve(
    message: JsonRpcMessage,
    context: McpHandleContext,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const inbound = parseJsonRpcMessage(message);
    switch (inbound.kind) {
      case 'invalid':
        return inbound.response;
      case 'ignored':
        return undefined;
      case 'notification':
        return this.notify(inbound).then(nothing, nothing);
      case 'request': {
        const signal = context?.signal;
        if (signal?.aborted) return this.cancelledError(inbound.id, signal.reason);
        if (this.closed) return this.closedError(inbound.id);
        return this.serveRequest(inbound, signal);
      }
    }
  }

  private async notify({ method, params, message }: InboundNotification): Promise<void> {
    if (method === 'notifications/cancelled') {
      // The id the CLI cancels is one of its own; the server knows the request by ours.
      const requestId = params?.['requestId'];
      const ourId = isJsonRpcId(requestId) ? this.pending.fromClient(requestId) : undefined;
      if (ourId !== undefined) this.cancel(ourId, params?.['reason'], params);
      return;
    }
    if (this.closed) return;
    await this.connection.notify(message);
  }

  /** Aborts request `ourId` (its handler here, or through the server) and resolves its caller with a cancellation error. */
  private cancel(ourId: number, reason: unknown, params: Record<string, unknown> | undefined): void {
    const request = this.pending.get(ourId);
    if (request === undefined) return;
    const text = reasonText(reason);
    // Settled first: aborting a call served here finishes it at once, and its answer must not win.
    this.pending.settle(ourId, this.cancelledError(request.originalId, text));
    if (request.call !== undefined) request.call.abort(text);
    else this.connection.cancel(ourId, text, params);
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    this.releaseResources();
    for (const [ourId, request] of this.pending.entries()) {
      // Settled first: aborting the call may finish it at once, and its own answer must not win.
      const closed = this.closedError(request.originalId);
      this.pending.settle(ourId, closed);
      request.call?.abort(new Error(closed.error.message));
    }
    this.pending.release();
    await this.connection.close();
  }

  private cancelledError(id: JsonRpcId, reason: unknown): JsonRpcErrorResponse {
    return jsonRpcError(id, McpInProcessErrorCode.RequestCancelled, `Request cancelled: ${reasonText(reason)}`);
  }

  private closedError(id: JsonRpcId): JsonRpcErrorResponse {
    return jsonRpcError(id, McpInProcessErrorCode.ConnectionClosed, `MCP server "${this.name}" was closed`);
  }
}
