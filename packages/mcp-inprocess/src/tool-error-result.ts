import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A failed tool call as the model sees it: one text block and `isError: true`. */
export function toolErrorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
