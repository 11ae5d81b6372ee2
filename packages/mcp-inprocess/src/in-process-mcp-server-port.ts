import {
  errorMessage,
  InvalidOptionError,
  JsonRpcErrorCode,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcResponse,
  type McpHandleContext,
  type McpServerManifest,
  type McpServerPort,
} from '@hexagent/core';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { CompiledTool } from './compile-tool.js';
import { InFlightTable } from './in-flight-table.js';
import { isPlainObject } from './is-plain-object.js';
import { jsonRpcError, McpInProcessErrorCode } from './json-rpc-error.js';
import { loadMcpRuntime, type McpRuntime } from './load-mcp-runtime.js';
import { loadToolsRuntime, type ToolsRuntime } from './load-tools-runtime.js';
import { McpHandshakeError } from './mcp-handshake-error.js';
import {
  isMcpSdkServerConnected,
  isMcpSdkServerLike,
  type McpSdkServerFactory,
  type McpSdkServerLike,
} from './mcp-sdk-server-like.js';
import { McpServerInUseError } from './mcp-server-in-use-error.js';
import { isSdkMcpServerDefinition, type SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { ToolCallAbort } from './tool-call-abort.js';
import type { ToolCallDeadlines } from './tool-call-deadlines.js';

/** What `instance` may be: see {@link InProcessMcpServerPort}. */
export type InProcessMcpServerInstance = SdkMcpServerDefinition | McpSdkServerLike | McpSdkServerFactory;

type Source =
  | { kind: 'definition'; definition: SdkMcpServerDefinition }
  | { kind: 'server'; server: McpSdkServerLike }
  | { kind: 'factory'; factory: McpSdkServerFactory };

interface Pending {
  /** The id the response must carry: the CLI's, or ours for the port's own requests. */
  originalId: JsonRpcId;
  /** True for the CLI's requests (`originalId` is the CLI's id). */
  fromClient: boolean;
  resolve(response: JsonRpcResponse): void;
  /** The caller's signal, when it has one. */
  signal: AbortSignal | undefined;
  /** For a call the port serves itself: its abort side (the MCP SDK aborts the others' handlers). */
  call?: ToolCallAbort;
}

type JsonObject = Record<string, unknown>;

/** What the port needs to serve a definition's tools itself: the runtime, the compiled tools, their time limits. */
interface DirectTools {
  runtime: ToolsRuntime;
  tools: Map<string, CompiledTool>;
  deadlines: ToolCallDeadlines;
}

const CLIENT_INFO = { name: 'hexagent', version: '0.1.0' };
/** `tools/list` pages followed at most by the handshake. */
const MAX_TOOL_PAGES = 100;

function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function toolsCallParamsProblem(params: JsonObject | undefined): string | undefined {
  if (params === undefined) return 'tools/call needs params with the tool name';
  if (typeof params['name'] !== 'string' || params['name'] === '') return 'tools/call params.name must be a tool name';
  const args = params['arguments'];
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    return 'tools/call params.arguments must be an object';
  }
  return undefined;
}

/**
 * True for the `tools/call` params of a call the port can serve itself: the ones the MCP SDK's
 * `CallToolRequestSchema` accepts as they are (no task, `_meta` absent or an object with a valid
 * `progressToken` and no related task). Anything else takes the MCP SDK's path, which answers it.
 */
function isPlainToolsCall(params: JsonObject): boolean {
  if (params['task'] !== undefined) return false;
  const meta = params['_meta'];
  if (meta === undefined) return true;
  if (!isPlainObject(meta) || meta['io.modelcontextprotocol/related-task'] !== undefined) return false;
  const token = meta['progressToken'];
  return token === undefined || typeof token === 'string' || Number.isInteger(token);
}

/** True for a result the MCP SDK's `CallToolResultSchema` would give back unchanged: text blocks only, no extra keys. */
function isPlainTextResult(result: unknown): result is JsonObject {
  if (!isPlainObject(result)) return false;
  for (const key in result) if (key !== 'content' && key !== 'isError') return false;
  const { content, isError } = result;
  if (!Array.isArray(content) || (isError !== undefined && typeof isError !== 'boolean')) return false;
  for (const block of content) {
    if (!isPlainObject(block) || block['type'] !== 'text' || typeof block['text'] !== 'string') return false;
    for (const key in block) if (key !== 'type' && key !== 'text') return false;
  }
  return true;
}

function nothing(): undefined {
  return undefined;
}

/** Where notifications from handlers of calls the port serves itself go: nowhere, as with the MCP SDK path. */
function dropNotification(): Promise<void> {
  return Promise.resolve();
}

function reasonText(reason: unknown): string {
  return reason === undefined ? 'cancelled' : errorMessage(reason);
}

function sourceOf(name: string, instance: unknown): Source {
  if (isSdkMcpServerDefinition(instance)) return { kind: 'definition', definition: instance };
  if (isMcpSdkServerLike(instance)) return { kind: 'server', server: instance };
  if (typeof instance === 'function') return { kind: 'factory', factory: instance as McpSdkServerFactory };
  throw new InvalidOptionError({
    option: `mcpServers.${name}.instance`,
    message:
      'expected the instance of createSdkMcpServer(), an McpServer or Server from @modelcontextprotocol/sdk, ' +
      'or a function returning a fresh one',
  });
}

/**
 * The `McpServerPort` of one in-process MCP server in one session: the CLI's JSON-RPC messages
 * (from `mcp_message` control requests) go in through `handle`, and the server's responses come
 * back. Nothing is loaded or connected until the first `manifest()` or `handle()`; then the MCP SDK
 * is imported, a server is connected over an in-memory transport pair, and the port keeps the
 * client side.
 *
 * `instance` may be:
 * - the `instance` of `createSdkMcpServer` (the usual case): each port builds its own MCP `Server`
 *   from the definition, so one config serves many sessions concurrently;
 * - an `McpServer` or low-level `Server` of `@modelcontextprotocol/sdk`, used as is. It can be
 *   connected to one port at a time; if it is connected elsewhere the port fails with
 *   {@link McpServerInUseError}. `close()` disconnects it (its `onclose` runs and its running
 *   handlers are aborted) but never calls its `close()`, so it can be connected again;
 * - a function returning a fresh `McpServer`/`Server` (sync or async), called once per port: the
 *   way to share a hand-built server setup among sessions.
 *
 * Behaviour on the wire:
 * - `tools/call` of a `createSdkMcpServer` tool is served by the port itself, without the round trip
 *   through the MCP SDK (in-memory transport, request parsed twice, result parsed again): arguments
 *   validated and handler run as the SDK path does, the same answers and errors, the result checked
 *   with the SDK's `CallToolResultSchema` unless it is plain text. Everything else (the handshake,
 *   other methods, user-supplied servers, unusual `tools/call` params) goes through the MCP SDK.
 * - Ids are remapped: the CLI's ids never meet the port's own (the handshake in `manifest()`), and
 *   concurrent calls run concurrently and are matched to their callers.
 * - `notifications/cancelled` for a call in flight is passed on with the request id rewritten, so
 *   the MCP SDK aborts that handler's signal; its `handle` resolves with error -32800
 *   ({@link McpInProcessErrorCode}). A cancellation for an id not in flight is dropped.
 * - When `context.signal` aborts first, the server gets `notifications/cancelled` and `handle`
 *   resolves with error -32800. On `close()` calls in flight resolve with -32000.
 * - Errors: -32700 for a message that is not a JSON object, -32600 for one that is not JSON-RPC
 *   2.0 (`jsonrpc` not `"2.0"`, `method` not a string, a bad id), -32602 for a `tools/call` without a
 *   tool name or with non-object arguments (and for an unknown tool), -32601 for methods the server
 *   does not serve, -32603 when the server cannot be started or fails unexpectedly.
 * - A JSON-RPC response from the CLI resolves `undefined` (the port never sends the CLI requests);
 *   requests the server sends to the client are answered here (`ping`, or -32601); notifications
 *   the server sends (progress, logging, list changes) are dropped for now.
 */
export class InProcessMcpServerPort implements McpServerPort {
  /** The server's name: the `server_name` of the CLI's `mcp_message` requests. */
  readonly name: string;
  private readonly source: Source;
  private transport: InMemoryTransport | undefined;
  private connecting: Promise<InMemoryTransport> | undefined;
  private manifestPromise: Promise<McpServerManifest> | undefined;
  private closing: Promise<void> | undefined;
  private closed = false;
  private lastId = 0;
  /** What serving a definition's tools here needs, once ready (see `prepareDirectTools`). */
  private direct: DirectTools | undefined;
  private directReady: Promise<DirectTools> | undefined;
  /** The MCP SDK runtime, once something needed it (checking a result that is not plain text). */
  private mcpRuntime: McpRuntime | undefined;
  /** Requests in flight by the id the server saw (not a `Map`: see `InFlightTable`). */
  private readonly pending = new InFlightTable<Pending>();
  /**
   * The caller signals the port listens on: one listener per signal, however many requests share it
   * (a session-wide signal would otherwise collect a listener per call). On abort, the requests in
   * flight with that signal are found in `pending`: nothing per request is kept for it.
   */
  private readonly watched = new WeakSet<AbortSignal>();

  /**
   * @param name - The server's name (the key in `mcpServers`).
   * @param instance - See the class description.
   * @throws InvalidOptionError when `instance` is none of the accepted kinds.
   */
  constructor(name: string, instance: unknown) {
    this.name = name;
    this.source = sourceOf(name, instance);
  }

  /**
   * Runs the MCP handshake (`initialize`, `notifications/initialized`, `tools/list`) against the
   * server and returns its results, for the session's `initialize` request. Computed once.
   *
   * @throws McpServerInUseError when a user-supplied server is connected elsewhere.
   * @throws McpHandshakeError when the server cannot start or answers the handshake with an error.
   */
  manifest(): Promise<McpServerManifest> {
    const source = this.source;
    this.manifestPromise ??= (
      source.kind === 'definition' ? this.definitionManifest(source.definition) : this.handshake()
    ).catch((error: unknown) => {
      this.manifestPromise = undefined;
      throw error;
    });
    return this.manifestPromise;
  }

  /** Serves one JSON-RPC message from the CLI. Never rejects: failures become JSON-RPC error responses. */
  handle(message: JsonRpcMessage, context: McpHandleContext): Promise<JsonRpcResponse | undefined> {
    // Not an async function: a tool call's answer is passed on as it is, without another frame and
    // another microtask on each call.
    try {
      return Promise.resolve(this.serve(message, context));
    } catch (error) {
      const id = isPlainObject(message) && isJsonRpcId(message['id']) ? message['id'] : null;
      return Promise.resolve(id === null ? undefined : this.internalError(id, error));
    }
  }

  private serve(
    message: JsonRpcMessage,
    context: McpHandleContext,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
    const value: unknown = message;
    if (!isPlainObject(value)) {
      if (Array.isArray(value)) {
        return jsonRpcError(
          null,
          JsonRpcErrorCode.InvalidRequest,
          'Invalid request: JSON-RPC batches are not supported',
        );
      }
      return jsonRpcError(null, JsonRpcErrorCode.ParseError, 'Parse error: a JSON-RPC message must be a JSON object');
    }
    const hasId = value['id'] !== undefined;
    const id = isJsonRpcId(value['id']) ? value['id'] : null;
    if (value['jsonrpc'] !== '2.0') {
      return jsonRpcError(id, JsonRpcErrorCode.InvalidRequest, 'Invalid request: "jsonrpc" must be "2.0"');
    }
    const method = value['method'];
    if (typeof method !== 'string') {
      // A response: the port never sends the CLI requests, so there is nothing to match it with.
      if (id !== null && ('result' in value || 'error' in value)) return undefined;
      return jsonRpcError(id, JsonRpcErrorCode.InvalidRequest, 'Invalid request: "method" must be a string');
    }
    if (hasId && id === null) {
      return jsonRpcError(null, JsonRpcErrorCode.InvalidRequest, 'Invalid request: "id" must be a string or a number');
    }
    const params = value['params'];
    if (params !== undefined && !isPlainObject(params)) {
      if (id === null) return undefined;
      return jsonRpcError(id, JsonRpcErrorCode.InvalidParams, 'Invalid params: "params" must be an object');
    }
    if (id === null) return this.notify(value, method, params).then(nothing, nothing);
    return this.request(value, id, method, params, context?.signal);
  }

  /**
   * Disconnects from the server: the in-memory transport pair is closed, which makes the MCP SDK
   * abort the signals of running handlers; calls in flight resolve with error -32000. A
   * user-supplied server is only disconnected, never closed. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    this.direct?.deadlines.dispose();
    for (const [ourId, entry] of this.pending.entries()) {
      // Settled first: aborting the call may finish it at once, and its own answer must not win.
      const closed = this.closedError(entry.originalId);
      this.settle(ourId, closed);
      entry.call?.abort(new Error(closed.error.message));
    }
    const transport = this.transport ?? (await this.connecting?.catch(() => undefined));
    this.transport = undefined;
    await transport?.close().catch(() => {});
  }

  private request(
    message: JsonObject,
    id: JsonRpcId,
    method: string,
    params: JsonObject | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JsonRpcResponse> | JsonRpcResponse {
    if (method === 'tools/call') {
      const problem = toolsCallParamsProblem(params);
      if (problem !== undefined) return jsonRpcError(id, JsonRpcErrorCode.InvalidParams, `Invalid params: ${problem}`);
    }
    if (signal?.aborted) return this.cancelledError(id, signal.reason);
    if (this.closed) return this.closedError(id);
    if (method === 'tools/call' && this.source.kind === 'definition' && isPlainToolsCall(params as JsonObject)) {
      return this.callDirectly(id, params as JsonObject, signal);
    }
    return this.dispatch(message, id, signal).catch((error: unknown) => this.internalError(id, error));
  }

  /**
   * Serves a `tools/call` of a definition's tool here: registered like a dispatched request (so
   * cancellation, the caller's signal and `close()` find it), then validated and run by
   * `runToolCall` with a signal of its own, the result checked as the MCP SDK's `Server` would.
   */
  private callDirectly(id: JsonRpcId, params: JsonObject, signal: AbortSignal | undefined): Promise<JsonRpcResponse> {
    const ourId = ++this.lastId;
    const call = new ToolCallAbort();
    const answer = new Promise<JsonRpcResponse>((resolve) => {
      this.pending.set(ourId, { originalId: id, fromClient: true, resolve, signal, call });
    });
    if (signal !== undefined) this.watch(signal);
    if (this.direct !== undefined) this.runDirectly(this.direct, ourId, id, params, call);
    else {
      this.prepareDirectTools().then(
        (direct) => {
          // Unless it was cancelled or closed while the tools were prepared.
          if (this.pending.has(ourId)) this.runDirectly(direct, ourId, id, params, call);
        },
        (error: unknown) => this.settle(ourId, this.internalError(id, error)),
      );
    }
    return answer;
  }

  /** Runs a direct call and settles it; never throws (failures become -32603). */
  private runDirectly(
    { runtime, tools, deadlines }: DirectTools,
    ourId: number,
    id: JsonRpcId,
    params: JsonObject,
    call: ToolCallAbort,
  ): void {
    try {
      const definition = (this.source as { definition: SdkMcpServerDefinition }).definition;
      const name = params['name'] as string;
      const tool = tools.get(name);
      if (tool === undefined) {
        this.settle(ourId, jsonRpcError(id, JsonRpcErrorCode.InvalidParams, `Unknown tool: ${name}`));
        return;
      }
      const extra = {
        requestId: ourId,
        _meta: params['_meta'] as JsonObject | undefined,
        sendNotification: dropNotification,
      };
      runtime.runToolCall(tool, params['arguments'], call, extra, deadlines, definition.toolTimeoutMs, (value) =>
        this.answerDirectly(ourId, id, value),
      );
    } catch (error) {
      this.settle(ourId, this.internalError(id, error));
    }
  }

  /**
   * Loads the tools runtime and compiles the definition's tools (with the compilers they need),
   * once per port; a failure is not kept, so a later call tries again.
   */
  private prepareDirectTools(): Promise<DirectTools> {
    const definition = (this.source as { definition: SdkMcpServerDefinition }).definition;
    this.directReady ??= loadToolsRuntime()
      .then(async (runtime) => {
        const tools = await runtime.compileTools(definition);
        this.direct = { runtime, tools, deadlines: runtime.createDeadlines() };
        return this.direct;
      })
      .catch((error: unknown) => {
        this.directReady = undefined;
        throw error;
      });
    return this.directReady;
  }

  /**
   * Answers a direct call with its result, checked as the MCP SDK's `Server` would (unless it was
   * answered already). Plain text needs no check; anything else is checked with the MCP SDK's
   * `CallToolResultSchema`, loaded for it the first time.
   */
  private answerDirectly(ourId: number, id: JsonRpcId, result: CallToolResult): void {
    if (!this.pending.has(ourId)) return; // cancelled or closed
    if (isPlainTextResult(result)) {
      this.settle(ourId, { jsonrpc: '2.0', id, result });
      return;
    }
    if (this.mcpRuntime !== undefined) {
      this.answerChecked(this.mcpRuntime, ourId, id, result);
      return;
    }
    loadMcpRuntime().then(
      (runtime) => {
        this.mcpRuntime = runtime;
        this.answerChecked(runtime, ourId, id, result);
      },
      (error: unknown) => this.settle(ourId, this.internalError(id, error)),
    );
  }

  private answerChecked(runtime: McpRuntime, ourId: number, id: JsonRpcId, result: CallToolResult): void {
    if (!this.pending.has(ourId)) return; // cancelled or closed while the MCP SDK loaded
    try {
      const checked = runtime.checkCallToolResult(result);
      this.settle(
        ourId,
        checked.ok ? { jsonrpc: '2.0', id, result: checked.result } : { jsonrpc: '2.0', id, error: checked.error },
      );
    } catch (error) {
      this.settle(ourId, this.internalError(id, error));
    }
  }

  private async notify(message: JsonObject, method: string, params: JsonObject | undefined): Promise<void> {
    if (method === 'notifications/cancelled') {
      // The id the CLI cancels is one of its own; the server knows the request by ours.
      const requestId = params?.['requestId'];
      const ourId = isJsonRpcId(requestId) ? this.inFlightFromClient(requestId) : undefined;
      if (ourId !== undefined) this.cancel(ourId, params?.['reason'], params);
      return;
    }
    if (this.closed) return;
    const transport = this.transport ?? (await this.connect());
    await transport.send(message as JSONRPCMessage);
  }

  /**
   * Sends a request to the server under a fresh id and resolves with its response, under
   * `originalId` (the CLI's id) or, for the port's own requests, under the fresh id. The request is
   * registered before the server is connected, so a cancellation that arrives while it connects
   * finds it (and it is then never sent).
   */
  private dispatch(
    message: JsonObject,
    originalId: JsonRpcId | undefined,
    signal: AbortSignal | undefined,
  ): Promise<JsonRpcResponse> {
    const ourId = ++this.lastId;
    const fromClient = originalId !== undefined;
    const responseId = originalId ?? ourId;
    return new Promise<JsonRpcResponse>((resolve) => {
      this.pending.set(ourId, { originalId: responseId, fromClient, resolve, signal });
      if (signal !== undefined) this.watch(signal);
      const post = (transport: InMemoryTransport): void => {
        if (!this.pending.has(ourId)) return;
        transport.send({ ...message, id: ourId } as JSONRPCMessage).catch((error: unknown) => {
          this.settle(ourId, this.internalError(responseId, error));
        });
      };
      if (this.transport !== undefined) post(this.transport);
      else this.connect().then(post, (error: unknown) => this.settle(ourId, this.internalError(responseId, error)));
    });
  }

  private settle(ourId: number, response: JsonRpcResponse): void {
    const entry = this.pending.take(ourId);
    if (entry === undefined) return;
    entry.resolve(response);
  }

  /** Cancels the requests in flight with `signal` when it aborts (see `watched`). */
  private watch(signal: AbortSignal): void {
    if (this.watched.has(signal)) return;
    this.watched.add(signal);
    signal.addEventListener(
      'abort',
      () => {
        const ids: number[] = [];
        for (const [ourId, entry] of this.pending.entries()) if (entry.signal === signal) ids.push(ourId);
        for (const ourId of ids) this.cancel(ourId, signal.reason, undefined);
      },
      { once: true },
    );
  }

  /**
   * Our id of the CLI's request `requestId` in flight (the latest, should the CLI reuse an id).
   * A scan: cancellations are rare, and a map kept for them would cost every call two updates.
   */
  private inFlightFromClient(requestId: JsonRpcId): number | undefined {
    let found: number | undefined;
    for (const [ourId, entry] of this.pending.entries())
      if (entry.fromClient && entry.originalId === requestId) found = ourId;
    return found;
  }

  /** Tells the server to abort request `ourId` and resolves its caller with a cancellation error. */
  private cancel(ourId: number, reason: unknown, params: JsonObject | undefined): void {
    const entry = this.pending.get(ourId);
    if (entry === undefined) return;
    const text = reasonText(reason);
    // Settled first: aborting a call served here finishes it at once, and its answer must not win.
    this.settle(ourId, this.cancelledError(entry.originalId, text));
    if (entry.call !== undefined) entry.call.abort(text);
    else {
      this.transport
        ?.send({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { ...params, requestId: ourId, reason: text },
        })
        .catch(() => {});
    }
  }

  private failAll(code: number, message: string): void {
    for (const [ourId, entry] of this.pending.entries()) {
      if (entry.call === undefined) this.settle(ourId, jsonRpcError(entry.originalId, code, message));
    }
  }

  private cancelledError(id: JsonRpcId, reason: unknown): JsonRpcErrorResponse {
    return jsonRpcError(id, McpInProcessErrorCode.RequestCancelled, `Request cancelled: ${reasonText(reason)}`);
  }

  private closedError(id: JsonRpcId): JsonRpcErrorResponse {
    return jsonRpcError(id, McpInProcessErrorCode.ConnectionClosed, `MCP server "${this.name}" was closed`);
  }

  private internalError(id: JsonRpcId, error: unknown): JsonRpcErrorResponse {
    if (this.closed) return this.closedError(id);
    return jsonRpcError(id, JsonRpcErrorCode.InternalError, `Internal error: ${errorMessage(error)}`);
  }

  private connect(): Promise<InMemoryTransport> {
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

  private async open(): Promise<InMemoryTransport> {
    if (this.closed) throw new Error(`MCP server "${this.name}" was closed`);
    const runtime = await loadMcpRuntime();
    let server: McpSdkServerLike;
    if (this.source.kind === 'definition') {
      const compilers = await (await loadToolsRuntime()).loadToolCompilers(this.source.definition.tools);
      server = runtime.buildSdkServer(this.source.definition, compilers);
    } else if (this.source.kind === 'server') server = this.source.server;
    else {
      const made: unknown = await this.source.factory();
      if (!isMcpSdkServerLike(made)) {
        throw new InvalidOptionError({
          option: `mcpServers.${this.name}.instance`,
          message: 'the factory must return an McpServer or Server from @modelcontextprotocol/sdk',
        });
      }
      server = made;
    }
    if (isMcpSdkServerConnected(server)) throw new McpServerInUseError({ serverName: this.name });
    const [clientSide, serverSide] = runtime.createLinkedPair();
    clientSide.onmessage = (message) => this.onServerMessage(clientSide, message);
    clientSide.onclose = () => this.onDisconnected(clientSide);
    await clientSide.start();
    try {
      await server.connect(serverSide);
    } catch (error) {
      await clientSide.close().catch(() => {});
      if (/already connected/i.test(errorMessage(error))) {
        throw new McpServerInUseError({ serverName: this.name, cause: error });
      }
      throw error;
    }
    if (this.closed) {
      await clientSide.close().catch(() => {});
      throw new Error(`MCP server "${this.name}" was closed`);
    }
    this.transport = clientSide;
    return clientSide;
  }

  private onServerMessage(transport: InMemoryTransport, message: JSONRPCMessage): void {
    const value = message as JsonObject;
    const id = value['id'];
    if (id === undefined || id === null) return; // server notifications are not forwarded (yet)
    const method = value['method'];
    if (typeof method === 'string') {
      // A request from the server to its client; the port cannot pass it on to the CLI.
      const answer =
        method === 'ping'
          ? { jsonrpc: '2.0' as const, id: id as JsonRpcId, result: {} }
          : jsonRpcError(
              id as JsonRpcId,
              JsonRpcErrorCode.MethodNotFound,
              `Method not found: in-process servers cannot send "${method}" to the client`,
            );
      transport.send(answer as JSONRPCMessage).catch(() => {});
      return;
    }
    if (typeof id !== 'number') return;
    const entry = this.pending.get(id);
    if (entry === undefined) return; // the answer to a request already cancelled
    const error = value['error'];
    this.settle(
      id,
      error !== undefined
        ? { jsonrpc: '2.0', id: entry.originalId, error: error as JsonRpcErrorResponse['error'] }
        : { jsonrpc: '2.0', id: entry.originalId, result: (value['result'] ?? {}) as JsonObject },
    );
  }

  private onDisconnected(transport: InMemoryTransport): void {
    if (this.transport !== transport) return;
    // The server went away (or was closed by its owner): answer what is in flight; the next call reconnects.
    this.transport = undefined;
    this.connecting = undefined;
    this.failAll(McpInProcessErrorCode.ConnectionClosed, `MCP server "${this.name}" disconnected`);
  }

  /**
   * A definition's manifest, built from its compiled tools as the MCP SDK's `Server` would answer the
   * handshake, without loading the MCP SDK (a test checks it equals the handshake's).
   */
  private async definitionManifest(definition: SdkMcpServerDefinition): Promise<McpServerManifest> {
    try {
      if (this.closed) throw new Error(`MCP server "${this.name}" was closed`);
      const { runtime, tools } = await this.prepareDirectTools();
      return runtime.definitionManifest(definition, tools.values());
    } catch (error) {
      throw new McpHandshakeError({
        serverName: this.name,
        message: `could not start: ${errorMessage(error)}`,
        cause: error,
      });
    }
  }

  /** The manifest through the MCP SDK: `initialize`, `notifications/initialized` and `tools/list` (every page). */
  private async handshake(): Promise<McpServerManifest> {
    let runtime: Awaited<ReturnType<typeof loadMcpRuntime>>;
    let transport: InMemoryTransport;
    try {
      runtime = await loadMcpRuntime();
      transport = this.transport ?? (await this.connect());
    } catch (error) {
      if (McpServerInUseError.isInstance(error) || InvalidOptionError.isInstance(error)) throw error;
      throw new McpHandshakeError({
        serverName: this.name,
        message: `could not start: ${errorMessage(error)}`,
        cause: error,
      });
    }
    const initialize = await this.dispatch(
      {
        jsonrpc: '2.0',
        method: 'initialize',
        params: { protocolVersion: runtime.protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO },
      },
      undefined,
      undefined,
    );
    if ('error' in initialize) {
      throw new McpHandshakeError({
        serverName: this.name,
        message: `initialize failed: ${initialize.error.message}`,
        error: initialize.error,
      });
    }
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }).catch((error: unknown) => {
      throw new McpHandshakeError({ serverName: this.name, message: errorMessage(error), cause: error });
    });
    const tools: JsonObject[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const list = await this.dispatch(
        { jsonrpc: '2.0', method: 'tools/list', ...(cursor !== undefined && { params: { cursor } }) },
        undefined,
        undefined,
      );
      if ('error' in list) {
        throw new McpHandshakeError({
          serverName: this.name,
          message: `tools/list failed: ${list.error.message}`,
          error: list.error,
        });
      }
      const pageTools = list.result['tools'];
      if (Array.isArray(pageTools)) tools.push(...(pageTools as JsonObject[]));
      const next = list.result['nextCursor'];
      cursor = typeof next === 'string' && next !== '' ? next : undefined;
      if (cursor === undefined) break;
    }
    return { initializeResult: initialize.result, toolsListResult: { tools } };
  }
}
