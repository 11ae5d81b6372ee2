import {
  errorMessage,
  JsonRpcErrorCode,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcResponse,
} from '@hexagent/core';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { jsonRpcError, McpInProcessErrorCode } from './json-rpc-error.js';
import type { JsonObject } from './json-rpc-message.js';
import { loadMcpRuntime, type McpRuntime } from './load-mcp-runtime.js';
import { isMcpSdkServerConnected, type McpSdkServerLike } from './mcp-sdk-server-like.js';
import { McpServerInUseError } from './mcp-server-in-use-error.js';
import type { RemappedRequests } from './remapped-requests.js';

/** What an {@link McpSdkConnection} needs from its port. */
export interface McpSdkConnectionOptions {
  /** The server's name, for errors. */
  readonly name: string;
  /** The port's requests in flight: requests sent here are registered there, answers settled there. */
  readonly requests: RemappedRequests;
  /** The server to connect, once per connection attempt, given the MCP SDK's runtime (loaded by then). */
  server(runtime: McpRuntime): Promise<McpSdkServerLike>;
  /** The answer to request `id` that failed with `error` (the port's, which knows whether it is closed). */
  failure(id: JsonRpcId, error: unknown): JsonRpcErrorResponse;
}

/**
 * A message of the CLI as the MCP SDK's transport takes it. A cast, not a check: `parseJsonRpcMessage`
 * checked it already (JSON-RPC 2.0, a string method, a valid id, object params), and the MCP SDK's
 * server parses it again with its own schemas.
 */
function toSdkMessage(message: JsonObject): JSONRPCMessage {
  return message as JSONRPCMessage;
}

/**
 * An MCP SDK server (`McpServer` or low-level `Server`) connected to a port over the MCP SDK's
 * in-memory transport pair; the port keeps the client side. Nothing is loaded or connected until
 * the first message; a failed start is retried by the next one, and so is a server that went away.
 * Requests go out under the ids of the port's {@link RemappedRequests} and their answers are
 * settled there under the caller's id. Requests the server sends its client are answered here
 * (`ping`, or -32601: an in-process server cannot reach the CLI); its notifications are dropped.
 */
export class McpSdkConnection {
  private readonly options: McpSdkConnectionOptions;
  private transport: InMemoryTransport | undefined;
  private connecting: Promise<InMemoryTransport> | undefined;
  private closed = false;

  constructor(options: McpSdkConnectionOptions) {
    this.options = options;
  }

  /**
   * Sends a request to the server under a fresh id and resolves with its response, under
   * `originalId` (the CLI's id) or, for the port's own requests, under the fresh id. The request is
   * registered before the server is connected, so a cancellation that arrives while it connects
   * finds it (and it is then never sent).
   */
  request(
    message: JsonObject,
    originalId: JsonRpcId | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JsonRpcResponse> {
    const { requests } = this.options;
    const ourId = requests.nextId();
    const fromClient = originalId !== undefined;
    const responseId = originalId ?? ourId;
    return new Promise<JsonRpcResponse>((resolve) => {
      requests.add(ourId, { originalId: responseId, fromClient, resolve, signal, call: undefined });
      const post = (transport: InMemoryTransport): void => {
        if (!requests.has(ourId)) return;
        transport.send(toSdkMessage({ ...message, id: ourId })).catch((error: unknown) => {
          requests.settle(ourId, this.options.failure(responseId, error));
        });
      };
      if (this.transport !== undefined) post(this.transport);
      else {
        this.connect().then(post, (error: unknown) => requests.settle(ourId, this.options.failure(responseId, error)));
      }
    });
  }

  /** Sends a notification to the server, connecting it first if need be. */
  async notify(message: JsonObject): Promise<void> {
    const transport = this.transport ?? (await this.connect());
    await transport.send(toSdkMessage(message));
  }

  /** Tells the server to abort its handler of request `ourId` (`params` are the CLI's, kept but for the id). */
  cancel(ourId: number, reason: string, params: JsonObject | undefined): void {
    this.transport
      ?.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { ...params, requestId: ourId, reason } })
      .catch(() => {});
  }

  /** The connected client side, connecting first if need be. */
  connect(): Promise<InMemoryTransport> {
    if (this.connecting === undefined) {
      const connecting = this.open();
      this.connecting = connecting;
      // A failed start (a server in use elsewhere, say) is retried by the next call.
      connecting.catch(() => {
        if (this.connecting === connecting) this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  /**
   * Closes the transport pair, which makes the MCP SDK abort the signals of running handlers. A
   * user-supplied server is only disconnected, never closed. Nothing connects afterwards.
   */
  async close(): Promise<void> {
    this.closed = true;
    const transport = this.transport ?? (await this.connecting?.catch(() => undefined));
    this.transport = undefined;
    await transport?.close().catch(() => {});
  }

  private async open(): Promise<InMemoryTransport> {
    const { name } = this.options;
    if (this.closed) throw new Error(`MCP server "${name}" was closed`);
    const runtime = await loadMcpRuntime();
    const server = await this.options.server(runtime);
    if (isMcpSdkServerConnected(server)) throw new McpServerInUseError({ serverName: name });
    const [clientSide, serverSide] = runtime.createLinkedPair();
    clientSide.onmessage = (message) => this.onServerMessage(clientSide, message);
    clientSide.onclose = () => this.onDisconnected(clientSide);
    await clientSide.start();
    try {
      await server.connect(serverSide);
    } catch (error) {
      await clientSide.close().catch(() => {});
      if (/already connected/i.test(errorMessage(error))) {
        throw new McpServerInUseError({ serverName: name, cause: error });
      }
      throw error;
    }
    if (this.closed) {
      await clientSide.close().catch(() => {});
      throw new Error(`MCP server "${name}" was closed`);
    }
    this.transport = clientSide;
    return clientSide;
  }

  private onServerMessage(transport: InMemoryTransport, message: JSONRPCMessage): void {
    if ('method' in message) {
      // A request from the server to its client, which the port cannot pass on to the CLI (its
      // notifications are not forwarded, yet).
      if (!('id' in message)) return;
      const { id, method } = message;
      transport
        .send(
          method === 'ping'
            ? { jsonrpc: '2.0', id, result: {} }
            : {
                jsonrpc: '2.0',
                id,
                error: {
                  code: JsonRpcErrorCode.MethodNotFound,
                  message: `Method not found: in-process servers cannot send "${method}" to the client`,
                },
              },
        )
        .catch(() => {});
      return;
    }
    const { id } = message;
    if (typeof id !== 'number') return;
    const { requests } = this.options;
    const request = requests.get(id);
    if (request === undefined) return; // the answer to a request already cancelled
    requests.settle(
      id,
      'error' in message
        ? { jsonrpc: '2.0', id: request.originalId, error: message.error }
        : { jsonrpc: '2.0', id: request.originalId, result: message.result },
    );
  }

  private onDisconnected(transport: InMemoryTransport): void {
    if (this.transport !== transport) return;
    // The server went away (or was closed by its owner): answer what was sent to it; the next call reconnects.
    this.transport = undefined;
    this.connecting = undefined;
    const { name, requests } = this.options;
    for (const [ourId, request] of requests.entries()) {
      if (request.call === undefined) {
        requests.settle(
          ourId,
          jsonRpcError(request.originalId, McpInProcessErrorCode.ConnectionClosed, `MCP server "${name}" disconnected`),
        );
      }
    }
  }
}
