import type { TraceSpan } from '../../ports/session-tracer.js';
import { boundedText } from './bounded-text.js';
import { SpanAttr } from './span-attributes.js';

/** The failure a tool call's span records when its output may not go into the trace. */
export const TOOL_OUTPUT_NOT_RECORDED =
  'The tool returned an error (its output is not recorded without recordToolOutput)';

/** The text of a tool's output: a string, or the `text` of content blocks, joined by newlines. */
export function toolOutputText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      const text = block !== null && typeof block === 'object' ? (block as { text?: unknown }).text : undefined;
      return typeof text === 'string' ? text : '';
    })
    .join('\n');
}

/**
 * Puts a tool call's output on its span, as `recordToolOutput` allows: with it, the output (cut to
 * the bound) as `gen_ai.tool.call.result` and, when the call failed, as the failure's message;
 * without it, none of the output, a failure saying so.
 */
export function recordToolOutput(span: TraceSpan, content: unknown, failed: boolean, record: boolean): void {
  const text = record ? boundedText(toolOutputText(content)) : undefined;
  if (text !== undefined) span.setAttributes({ [SpanAttr.toolCallResult]: text });
  if (!failed) return;
  const message = text === undefined ? TOOL_OUTPUT_NOT_RECORDED : text || 'The tool returned an error';
  span.fail(new Error(message), 'tool_error');
}
