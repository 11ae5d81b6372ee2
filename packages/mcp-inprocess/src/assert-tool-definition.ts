import { InvalidOptionError } from '@hexagent/core';
import { inputSchemaKind } from './input-schema-kind.js';
import { isPlainObject } from './is-plain-object.js';
import type { SdkMcpToolDefinition } from './sdk-mcp-tool-definition.js';

/** The names MCP clients accept for tools (and hexagent for servers): letters, digits, `_`, `-`; 1 to 64 long. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The largest delay `setTimeout` honours; larger ones fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Checks a tool definition made by `tool()` or by hand, so that mistakes surface where the tool is
 * defined rather than on the first call. Throws an `InvalidOptionError` naming `option`.
 */
export function assertToolDefinition(definition: unknown, option: string): asserts definition is SdkMcpToolDefinition {
  const fail = (message: string): never => {
    throw new InvalidOptionError({ option, message });
  };
  if (!isPlainObject(definition)) fail('a tool must be an object made by tool()');
  const tool = definition as Record<string, unknown>;
  const name = tool['name'];
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    fail(
      `the tool name ${JSON.stringify(name)} must match ${TOOL_NAME_PATTERN} (letters, digits, "_" and "-", 1 to 64 characters)`,
    );
  }
  if (typeof tool['description'] !== 'string') fail(`the description of tool "${String(name)}" must be a string`);
  if (typeof tool['handler'] !== 'function') fail(`the handler of tool "${String(name)}" must be a function`);
  const kind = inputSchemaKind(tool['inputSchema']);
  if (kind.kind === 'invalid') fail(`tool "${String(name)}": ${kind.reason}`);
  const annotations = tool['annotations'];
  if (annotations !== undefined && !isPlainObject(annotations)) {
    fail(`the annotations of tool "${String(name)}" must be an object`);
  }
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
