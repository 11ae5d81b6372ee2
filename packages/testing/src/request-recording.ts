/** What the scripted model server keeps of each request, and what tests read back from it. */
import type { IncomingMessage } from 'node:http';
import { normalizeHeaders } from './model-server-http.js';
import type { MessagesRequestBody, RecordedRequest, RecordedToolResult } from './recorded-request.js';

/** The record of one request, not yet classified (`kind: 'other'`); `body` is `{}` when the body is not a JSON object. */
export function recordRequest(
  req: IncomingMessage,
  rawBody: string,
  body: MessagesRequestBody | undefined,
  index: number,
): RecordedRequest {
  return {
    index,
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers: normalizeHeaders(req),
    body: body ?? {},
    rawBody,
    kind: 'other',
    exhausted: false,
    isRetry: false,
  };
}

/** The body as a JSON object, or `undefined` when it is empty or anything else. */
export function parseBody(rawBody: string): MessagesRequestBody | undefined {
  if (rawBody.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as MessagesRequestBody)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every `tool_result` block in `mainRequests`, in conversation order. Each main request carries the
 * whole conversation, so a result is listed once, for the first request that carried it.
 */
export function toolResultsOf(mainRequests: readonly RecordedRequest[]): RecordedToolResult[] {
  const seen = new Set<string>();
  const results: RecordedToolResult[] = [];
  for (const request of mainRequests) {
    for (const message of request.body.messages ?? []) {
      if (message.role !== 'user' || !Array.isArray(message.content)) continue;
      for (const block of message.content) {
        if (block.type !== 'tool_result') continue;
        const id = (block as { tool_use_id?: unknown }).tool_use_id;
        if (typeof id !== 'string' || seen.has(id)) continue;
        seen.add(id);
        results.push({
          tool_use_id: id,
          content: (block as { content?: RecordedToolResult['content'] }).content,
          is_error: (block as { is_error?: unknown }).is_error === true,
          requestIndex: request.index,
        });
      }
    }
  }
  return results;
}

/** The text of a request's `system` field: a string, or the `text` of its blocks joined with `\n`; `''` when absent. */
export function systemPromptOf(request: RecordedRequest | undefined): string {
  const system = request?.body.system;
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return '';
  return system
    .map((block) => (typeof block.text === 'string' ? block.text : ''))
    .filter((value) => value !== '')
    .join('\n');
}
