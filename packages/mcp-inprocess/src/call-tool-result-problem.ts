import { isPlainObject } from './is-plain-object.js';
import { describeType } from './validation-issues.js';

/**
 * Why `value` is not a `CallToolResult` a handler may return, or `undefined` when it is one.
 * Checks what the CLI relies on: an object whose `content` is an array of blocks with a string
 * `type` (text blocks with a string `text`), and a boolean `isError` when present. The MCP SDK
 * checks the remaining details of each block.
 */
export function callToolResultProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `expected an object like { content: [{ type: 'text', text: '...' }] }, got ${describeType(value)}`;
  }
  const result = value as Record<string, unknown>;
  const content = result['content'];
  if (!Array.isArray(content)) return `content must be an array of content blocks, got ${describeType(content)}`;
  for (let index = 0; index < content.length; index++) {
    const block: unknown = content[index];
    if (!isPlainObject(block) || typeof block['type'] !== 'string') {
      return `content[${index}] must be a content block with a string type, got ${describeType(block)}`;
    }
    if (block['type'] === 'text' && typeof block['text'] !== 'string') {
      return `content[${index}] is a text block whose text is ${describeType(block['text'])}, not a string`;
    }
  }
  if (result['isError'] !== undefined && typeof result['isError'] !== 'boolean') {
    return `isError must be a boolean, got ${describeType(result['isError'])}`;
  }
  return undefined;
}
