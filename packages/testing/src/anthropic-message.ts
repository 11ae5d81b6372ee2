import type { ModelStopReason, ModelUsage } from './model-script.js';

/** A content block of a Messages API response. */
export type AnthropicResponseBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature: string };

/** A complete Messages API response message, as the non-streaming endpoint returns it. */
export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicResponseBlock[];
  stop_reason: ModelStopReason;
  stop_sequence: null;
  usage: Required<ModelUsage>;
}

/** One Server-Sent Event of the streaming Messages API. */
export interface AnthropicStreamEvent {
  type: string;
  [key: string]: unknown;
}

const CHUNKS = 3;

/** Splits `value` into up to three pieces on code point boundaries; `[]` for the empty string. */
export function splitIntoChunks(value: string, count = CHUNKS): string[] {
  const points = Array.from(value);
  if (points.length === 0) return [];
  const size = Math.ceil(points.length / count);
  const chunks: string[] = [];
  for (let start = 0; start < points.length; start += size) chunks.push(points.slice(start, start + size).join(''));
  return chunks;
}

/**
 * The event sequence of the streaming Messages API for `message`: `message_start`, `ping`, per
 * block `content_block_start` / `content_block_delta`... / `content_block_stop`, `message_delta`,
 * `message_stop`. Text and thinking arrive in a few chunks; tool input as `input_json_delta`
 * chunks of its JSON text, after an empty first chunk as the real API sends it.
 */
export function anthropicStreamEvents(message: AnthropicMessage): AnthropicStreamEvent[] {
  const events: AnthropicStreamEvent[] = [
    {
      type: 'message_start',
      message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
    },
    { type: 'ping' },
  ];
  message.content.forEach((block, index) => {
    switch (block.type) {
      case 'text':
        events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        for (const chunk of splitIntoChunks(block.text)) {
          events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: chunk } });
        }
        break;
      case 'tool_use':
        events.push({
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const chunk of ['', ...splitIntoChunks(JSON.stringify(block.input))]) {
          events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: chunk } });
        }
        break;
      case 'thinking':
        events.push({
          type: 'content_block_start',
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        });
        for (const chunk of splitIntoChunks(block.thinking)) {
          events.push({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: chunk } });
        }
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'signature_delta', signature: block.signature },
        });
        break;
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: message.usage.output_tokens },
    },
    { type: 'message_stop' },
  );
  return events;
}

/** Frames one event for a `text/event-stream` body. */
export function formatServerSentEvent(event: AnthropicStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}
