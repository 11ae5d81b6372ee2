import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertToolDefinition } from './assert-tool-definition.js';
import type {
  SdkMcpToolDefinition,
  ToolArgs,
  ToolExtras,
  ToolHandlerExtra,
  ToolInputSchema,
} from './sdk-mcp-tool-definition.js';

/**
 * Defines a tool of an in-process MCP server. The handler runs in this process when the model
 * calls `mcp__<server>__<name>`, and only with arguments that passed `inputSchema`: invalid
 * arguments come back to the model as an `isError` result naming the fields, without calling the
 * handler. A handler that throws, or returns something that is not a `CallToolResult`, also ends
 * as an `isError` result. Nothing of zod or the MCP SDK is loaded by defining a tool.
 *
 * One signature, as the official SDK's: the handler's arguments are inferred from the shape
 * whichever copy of zod the app uses, and a wrong key in `extras` is reported on that key.
 *
 * @param name - The tool's name, matching `/^[A-Za-z0-9_-]{1,64}$/` (checked here).
 * @param description - What the tool does, for the model.
 * @param inputSchema - A zod raw shape (`{ a: z.number() }`, zod v3.25+ or v4), whose inferred
 *   type types the handler's arguments, or a JSON Schema object (`{ type: 'object', properties }`),
 *   validated with ajv, whose handler gets `Record<string, unknown>`.
 * @param handler - Runs the tool: `(args, extra) => CallToolResult`; `extra.signal` aborts on
 *   cancellation, session end or timeout.
 * @param extras - `annotations` (send `readOnlyHint: true` to let the CLI run calls concurrently),
 *   `searchHint` and `alwaysLoad` (for tool search; sent as the tool's `_meta`, as the official SDK
 *   does) and `timeoutMs` (a hexagent extension; default: the server's `toolTimeoutMs`, 30 minutes).
 * @throws InvalidOptionError for an empty name, a schema that is neither a zod shape nor JSON Schema,
 *   or a hexagent-only `timeoutMs` that is not usable; the rest passes, as in the official SDK.
 *
 * @example
 * ```ts
 * import { createSdkMcpServer, tool } from '@hexagent/mcp-inprocess';
 * import { z } from 'zod';
 *
 * const add = tool(
 *   'add',
 *   'Add two numbers',
 *   { a: z.number(), b: z.number() },
 *   async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
 *   { annotations: { readOnlyHint: true } },
 * );
 *
 * const echo = tool(
 *   'echo',
 *   'Repeat a text',
 *   { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *   async (args, { signal }) => ({ content: [{ type: 'text', text: String(args['text']) }] }),
 *   { timeoutMs: 5_000 },
 * );
 *
 * const calc = createSdkMcpServer({ name: 'calc', tools: [add, echo] });
 * ```
 */
export function tool<Schema extends ToolInputSchema>(
  name: string,
  description: string,
  inputSchema: Schema,
  handler: (args: ToolArgs<Schema>, extra: ToolHandlerExtra) => Promise<CallToolResult> | CallToolResult,
  extras?: ToolExtras,
): SdkMcpToolDefinition<Schema>;
export function tool(
  name: string,
  description: string,
  inputSchema: ToolInputSchema,
  handler: (args: never, extra: ToolHandlerExtra) => Promise<CallToolResult> | CallToolResult,
  extras?: ToolExtras,
): SdkMcpToolDefinition {
  const meta = toolMeta(extras);
  const definition = {
    name,
    description,
    inputSchema,
    handler,
    ...(extras?.annotations !== undefined && { annotations: extras.annotations }),
    ...(meta !== undefined && { _meta: meta }),
    ...(extras?.timeoutMs !== undefined && { timeoutMs: extras.timeoutMs }),
  };
  assertToolDefinition(definition, `tool("${name}")`);
  return Object.freeze(definition);
}

/** The `_meta` of a tool's `tools/list` entry, from the extras the official SDK carries there. */
function toolMeta(extras: ToolExtras | undefined): Readonly<Record<string, unknown>> | undefined {
  // As the official SDK: a truthy searchHint goes as given, a truthy alwaysLoad as true.
  const searchHint: unknown = extras?.searchHint;
  const alwaysLoad: unknown = extras?.alwaysLoad;
  const meta: Record<string, unknown> = {};
  if (searchHint) meta['anthropic/searchHint'] = searchHint;
  if (alwaysLoad) meta['anthropic/alwaysLoad'] = true;
  return Object.keys(meta).length > 0 ? Object.freeze(meta) : undefined;
}
