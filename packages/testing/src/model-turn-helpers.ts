import type { ModelApiError, TextContent, ThinkingContent, ToolUseContent } from './model-script.js';

/**
 * A text block for a scripted turn.
 *
 * @example
 * ```ts
 * const server = await ScriptedModelServer.start([{ content: [text('hello from script')] }]);
 * ```
 */
export function text(value: string): TextContent {
  return { type: 'text', text: value };
}

/**
 * A tool call for a scripted turn. Without `id` the server assigns `toolu_<n>` when it serves the
 * turn (unique per server, counting from 1).
 *
 * @example
 * ```ts
 * const script = [
 *   { content: [toolUse('mcp__calc__add', { a: 1, b: 2 }), toolUse('mcp__calc__add', { a: 3, b: 4 })] },
 *   { content: [text('done')] },
 * ];
 * ```
 */
export function toolUse(name: string, input: Record<string, unknown>, id?: string): ToolUseContent {
  return id === undefined ? { type: 'tool_use', name, input } : { type: 'tool_use', name, input, id };
}

/** An extended-thinking block for a scripted turn. */
export function thinking(value: string, signature?: string): ThinkingContent {
  return signature === undefined
    ? { type: 'thinking', thinking: value }
    : { type: 'thinking', thinking: value, signature };
}

/**
 * An API error turn: the request is answered with HTTP `status` and the body
 * `{"type":"error","error":{"type":type,"message":message}}`.
 *
 * What Claude Code 2.1.329 does with it (checked by `test/e2e/real-cli-model.test.ts`): it does not
 * fail the process or the protocol. It streams an `assistant` message whose `message.model` is
 * `"<synthetic>"`, whose text is `"API Error: <status> <message>"` (worded differently for some
 * statuses, for example `"Failed to authenticate. API Error: 401 ..."`), with `error` set
 * (`"unknown"` for 400, `"authentication_failed"` for 401, `"rate_limit"` for 429,
 * `"server_error"` for 5xx), `is_api_error_message: true`, `api_error_status` and
 * `api_error_type`; then a `result` with `subtype: "success"` but `is_error: true`, the same text in
 * `result`, and `api_error_status`. The session goes on with the next user message; when input
 * ends after such a turn the CLI exits with code 1.
 * A 400 makes the CLI retry the same request up to twice with fewer beta headers; those retries
 * get the same error and consume no turn. Unless `retryable` is set, the response says
 * `x-should-retry: false`, which stops the CLI's backoff retries (10 attempts over minutes) for
 * 429/5xx. With `retryable: true` the CLI emits `system`/`api_retry` messages and retries after
 * about half a second; each retry consumes the next turn.
 *
 * @example
 * ```ts
 * const server = await ScriptedModelServer.start([apiError(400, 'invalid_request_error', 'bad request')]);
 * ```
 */
export function apiError(
  status: number,
  type: string,
  message: string,
  options: { retryable?: boolean; delayMs?: number } = {},
): ModelApiError {
  const turn: ModelApiError = { error: { status, type, message } };
  if (options.retryable !== undefined) turn.retryable = options.retryable;
  if (options.delayMs !== undefined) turn.delayMs = options.delayMs;
  return turn;
}
