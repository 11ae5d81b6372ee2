import { isPlainObject } from './is-plain-object.js';
import type { JsonObject } from './json-rpc-message.js';

/** The params of a `tools/call` that a definition's port serves itself (see {@link isPlainToolsCall}). */
export interface PlainToolsCallParams extends JsonObject {
  /** The tool's name. */
  readonly name: string;
  /** The tool's arguments, unchecked. */
  readonly arguments?: unknown;
  /** The request's `_meta` (the CLI's `claudecode/toolUseId`, a `progressToken`). */
  readonly _meta?: JsonObject | undefined;
}

/**
 * True for the `tools/call` params of a call the port can serve itself: the ones the MCP SDK's
 * `CallToolRequestSchema` accepts as they are (a tool name, no task, `_meta` absent or an object
 * with a valid `progressToken` and no related task). Anything else takes the MCP SDK's path,
 * which answers it.
 */
export function isPlainToolsCall(params: JsonObject | undefined): params is PlainToolsCallParams {
  if (params === undefined || typeof params['name'] !== 'string' || params['task'] !== undefined) return false;
  const meta = params['_meta'];
  if (meta === undefined) return true;
  if (!isPlainObject(meta) || meta['io.modelcontextprotocol/related-task'] !== undefined) return false;
  const token = meta['progressToken'];
  return token === undefined || typeof token === 'string' || Number.isInteger(token);
}

/** True for a result the MCP SDK's `CallToolResultSchema` would give back unchanged: text blocks only, no extra keys. */
export function isPlainTextResult(result: unknown): result is JsonObject {
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
