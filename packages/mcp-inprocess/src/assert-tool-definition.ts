import { InvalidOptionError } from '@hexagent/core';
import { inputSchemaKind } from './input-schema-kind.js';
import { isPlainObject } from './is-plain-object.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';

/**
 * The names every MCP client accepts for tools: letters, digits, `_`, `-`; 1 to 64 long. Names
 * outside it are taken, as the official SDK takes them; some clients may not call such a tool.
 */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The largest delay `setTimeout` honours; larger ones fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Checks a tool definition made by `tool()` or by hand, for what the official SDK refuses too: not
 * an object, no name, an `inputSchema` that is neither a zod shape nor a JSON Schema object (the
 * official `createSdkMcpServer` throws on it), and the hexagent-only `timeoutMs`. A name outside
 * MCP's pattern, a description or annotations of another kind, or a handler that is not a function
 * pass, as with the official SDK (a call of such a handler answers with a tool error). Throws an
 * `InvalidOptionError` naming `option`.
 */
export function assertToolDefinition(definition: unknown, option: string): asserts definition is SdkMcpToolDefinition {
  const fail = (message: string): never => {
    throw new InvalidOptionError({ option, message });
  };
  if (!isPlainObject(definition)) fail('a tool must be an object made by tool()');
  const tool = definition as Record<string, unknown>;
  const name = tool['name'];
  if (typeof name !== 'string' || name === '') fail(`the tool name ${JSON.stringify(name)} must be a non-empty string`);
  const kind = inputSchemaKind(tool['inputSchema']);
  if (kind.kind === 'invalid') fail(`tool "${String(name)}": ${kind.reason}`);
  const timeoutMs = tool['timeoutMs'];
  if (
    timeoutMs !== undefined &&
    (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS)
  ) {
    fail(
      `the timeoutMs of tool "${String(name)}" must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}; leave it out for the server's toolTimeoutMs`,
    );
  }
}
