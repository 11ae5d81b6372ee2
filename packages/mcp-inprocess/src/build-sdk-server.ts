import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import { safeParse } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  CallToolResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { type CompiledTool, compileTool, type ToolCompilers } from './compile-tool.js';
import { runToolCall } from './run-tool-call.js';
import type { SdkMcpServerDefinition } from './sdk-mcp-server-definition.js';
import { ToolCallAbort } from './tool-call-abort.js';
import { ToolCallDeadlines } from './tool-call-deadlines.js';

let sharedValidator: AjvJsonSchemaValidator | undefined;

/** An error the MCP SDK answers with `code` and this message (an `McpError` would prefix the message). */
function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Builds a fresh low-level MCP `Server` for one session from a `createSdkMcpServer` definition (its
 * tools compiled with `compilers`, from `loadToolCompilers`):
 * `tools/list` answers with the compiled entries, `tools/call` validates and runs the handlers.
 * Other methods get the SDK's -32601; an unknown tool name gets -32602 `Unknown tool`.
 */
export function buildSdkServer(definition: SdkMcpServerDefinition, compilers: ToolCompilers): Server {
  // The server's own validator when it has one (the MCP SDK's provider shape: it plugs in as is);
  // else one per process: the SDK would otherwise build an Ajv instance per server (only elicitation uses it).
  if (definition.jsonSchemaValidator === undefined) sharedValidator ??= new AjvJsonSchemaValidator();
  const jsonSchemaValidator = definition.jsonSchemaValidator ?? sharedValidator;
  const tools = new Map<string, CompiledTool>();
  for (const tool of definition.tools) tools.set(tool.name, compileTool(tool, compilers));
  const listResult = { tools: [...tools.values()].map((tool) => tool.listEntry) };
  const deadlines = new ToolCallDeadlines();

  const server = new Server(
    { name: definition.name, version: definition.version },
    {
      capabilities: { tools: { listChanged: true } },
      jsonSchemaValidator: jsonSchemaValidator as NonNullable<ServerOptions['jsonSchemaValidator']>,
      ...(definition.instructions !== undefined && { instructions: definition.instructions }),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => listResult);
  const previousOnClose = server.onclose;
  server.onclose = () => {
    deadlines.dispose();
    previousOnClose?.();
  };
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (tool === undefined) throw rpcError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const abort = new ToolCallAbort();
    const forward = (): void => abort.abort(extra.signal.reason);
    if (extra.signal.aborted) forward();
    else extra.signal.addEventListener('abort', forward, { once: true });
    try {
      return await new Promise<CallToolResult>((resolve) => {
        runToolCall(tool, request.params.arguments, abort, extra, deadlines, definition.toolTimeoutMs, resolve);
      });
    } finally {
      extra.signal.removeEventListener('abort', forward);
    }
  });
  return server;
}

/** The outcome of {@link checkCallToolResult}. */
export type CallToolResultCheck =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; error: { code: number; message: string } };

/**
 * What the MCP SDK's `Server` does with the result of a `tools/call` handler, for calls the port
 * serves without it: the result parsed with `CallToolResultSchema` (unknown keys of content blocks
 * dropped), or the error the `Server` would answer (-32602 `Invalid tools/call result: ...`).
 */
export function checkCallToolResult(result: unknown): CallToolResultCheck {
  const parsed = safeParse(CallToolResultSchema, result);
  if (parsed.success) return { ok: true, result: parsed.data as Record<string, unknown> };
  const reason = parsed.error instanceof Error ? parsed.error.message : String(parsed.error);
  const error = new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${reason}`);
  return { ok: false, error: { code: error.code, message: error.message } };
}
