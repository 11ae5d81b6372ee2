import {
  JsonRpcErrorCode,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcResponse,
  type McpServerManifest,
} from '@hexagent/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CompiledTool } from './compile-tool.js';
import { jsonRpcError } from './json-rpc-error.js';
import { loadMcpRuntime, type McpRuntime } from './load-mcp-runtime.js';
import { loadToolsRuntime, type ToolsRuntime } from './load-tools-runtime.js';
import { isPlainTextResult, type PlainToolsCallParams } from './plain-tools-call.js';
import type { RemappedRequests } from './remapped-requests.js';
import type { SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { ToolCallAbort } from './tool-call-abort.js';
import type { ToolCallDeadlines } from './tool-call-deadlines.js';

/** What serving a definition's tools needs, once ready: the runtime, the compiled tools, their time limits. */
interface PreparedTools {
  runtime: ToolsRuntime;
  tools: Map<string, CompiledTool>;
  deadlines: ToolCallDeadlines;
}

/** What a {@link DefinitionToolServer} needs from its port. */
export interface DefinitionToolServerOptions {
  /** The port's requests in flight: each call is registered there, so cancellation and `close()` find it. */
  readonly requests: RemappedRequests;
  /** The answer to request `id` that failed with `error` (the port's, which knows whether it is closed). */
  failure(id: JsonRpcId, error: unknown): JsonRpcErrorResponse;
}

/** Where notifications from handlers go: nowhere, as with the MCP SDK path. */
function dropNotification(): Promise<void> {
  return Promise.resolve();
}

/**
 * hexagent's own server for the tools of a `createSdkMcpServer` definition, beside the MCP SDK's:
 * it builds the manifest from the compiled tools and serves plain `tools/call` requests without
 * the MCP SDK's `Server` (no in-memory transport, no request parsed twice, no result parsed again,
 * and no MCP SDK to load for the first query). Arguments are validated and handlers run by
 * `runToolCall`, as the `Server` that `buildSdkServer` makes runs them, and results are checked as
 * that `Server` checks them, so the answers and errors are the same.
 */
export class DefinitionToolServer {
  private readonly definition: SdkMcpServerDefinition;
  private readonly options: DefinitionToolServerOptions;
  /** The tools, once prepared (see `prepare`). */
  private prepared: PreparedTools | undefined;
  private preparing: Promise<PreparedTools> | undefined;
  /** The MCP SDK runtime, once something needed it (checking a result that is not plain text). */
  private mcpRuntime: McpRuntime | undefined;

  constructor(definition: SdkMcpServerDefinition, options: DefinitionToolServerOptions) {
    this.definition = definition;
    this.options = options;
  }

  /**
   * The definition's manifest, built from its compiled tools as the MCP SDK's `Server` would answer
   * the handshake, without loading the MCP SDK (a test checks it equals the handshake's).
   */
  async manifest(): Promise<McpServerManifest> {
    const { runtime, tools } = await this.prepare();
    return runtime.definitionManifest(this.definition, tools.values());
  }

  /**
   * Serves a `tools/call`: registered like a request sent to a server (so cancellation, the
   * caller's signal and `close()` find it), then validated and run by `runToolCall` with a signal
   * of its own, the result checked as the MCP SDK's `Server` would.
   */
  call(id: JsonRpcId, params: PlainToolsCallParams, signal: AbortSignal | undefined): Promise<JsonRpcResponse> {
    const { requests } = this.options;
    const ourId = requests.nextId();
    const call = new ToolCallAbort();
    const answer = new Promise<JsonRpcResponse>((resolve) => {
      requests.add(ourId, { originalId: id, fromClient: true, resolve, signal, call });
    });
    if (this.prepared !== undefined) this.run(this.prepared, ourId, id, params, call);
    else {
      this.prepare().then(
        (prepared) => {
          // Unless it was cancelled or closed while the tools were prepared.
          if (requests.has(ourId)) this.run(prepared, ourId, id, params, call);
        },
        (error: unknown) => requests.settle(ourId, this.options.failure(id, error)),
      );
    }
    return answer;
  }

  /** Stops the timer of the tools' time limits. For the port's `close()`. */
  dispose(): void {
    this.prepared?.deadlines.dispose();
  }

  /**
   * Loads the tools runtime and compiles the definition's tools (with the compilers they need),
   * once; a failure is not kept, so a later call tries again.
   */
  private prepare(): Promise<PreparedTools> {
    this.preparing ??= loadToolsRuntime()
      .then(async (runtime) => {
        const tools = await runtime.compileTools(this.definition);
        this.prepared = { runtime, tools, deadlines: runtime.createDeadlines() };
        return this.prepared;
      })
      .catch((error: unknown) => {
        this.preparing = undefined;
        throw error;
      });
    return this.preparing;
  }

  /** Runs a call and settles it; never throws (failures become -32603). */
  private run(
    { runtime, tools, deadlines }: PreparedTools,
    ourId: number,
    id: JsonRpcId,
    params: PlainToolsCallParams,
    call: ToolCallAbort,
  ): void {
    const { requests } = this.options;
    try {
      const tool = tools.get(params.name);
      if (tool === undefined) {
        requests.settle(ourId, jsonRpcError(id, JsonRpcErrorCode.InvalidParams, `Unknown tool: ${params.name}`));
        return;
      }
      const extra = { requestId: ourId, _meta: params._meta, sendNotification: dropNotification };
      runtime.runToolCall(tool, params.arguments, call, extra, deadlines, this.definition.toolTimeoutMs, (value) =>
        this.answer(ourId, id, value),
      );
    } catch (error) {
      requests.settle(ourId, this.options.failure(id, error));
    }
  }

  /**
   * Answers a call with its result, checked as the MCP SDK's `Server` would (unless it was
   * answered already). Plain text needs no check; anything else is checked with the MCP SDK's
   * `CallToolResultSchema`, loaded for it the first time.
   */
  private answer(ourId: number, id: JsonRpcId, result: CallToolResult): void {
    const { requests } = this.options;
    if (!requests.has(ourId)) return; // cancelled or closed
    if (isPlainTextResult(result)) {
      requests.settle(ourId, { jsonrpc: '2.0', id, result });
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
      (error: unknown) => requests.settle(ourId, this.options.failure(id, error)),
    );
  }

  private answerChecked(runtime: McpRuntime, ourId: number, id: JsonRpcId, result: CallToolResult): void {
    const { requests } = this.options;
    if (!requests.has(ourId)) return; // cancelled or closed while the MCP SDK loaded
    try {
      const checked = runtime.checkCallToolResult(result);
      requests.settle(
        ourId,
        checked.ok ? { jsonrpc: '2.0', id, result: checked.result } : { jsonrpc: '2.0', id, error: checked.error },
      );
    } catch (error) {
      requests.settle(ourId, this.options.failure(id, error));
    }
  }
}
