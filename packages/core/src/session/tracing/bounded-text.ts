/**
 * The most characters of free text (an error message, a tool's output) a span carries: a tracing
 * backend stores every span, and a 50 KB tool output would go into the status and the exception
 * event twice over.
 */
export const MAX_SPAN_TEXT = 1024;

/** `text`, cut to `max` characters with a marker that says how long it was. */
export function boundedText(text: string, max = MAX_SPAN_TEXT): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [truncated: ${text.length} characters in all]`;
}

/**
 * `error` as a span may record it: the same error when its message is short; otherwise a copy with
 * the same name and `code`, its message cut by {@link boundedText} and its stack's copy of the
 * message cut with it (the stack's frames kept, up to four times the bound). A non-Error becomes
 * its bounded text.
 */
export function boundedError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? boundedText(error) : error;
  const stack = error.stack ?? '';
  if (error.message.length <= MAX_SPAN_TEXT && stack.length <= 4 * MAX_SPAN_TEXT) return error;
  const message = boundedText(error.message);
  const copy = new Error(message);
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
  copy.stack = boundedText(stack.replace(error.message, message), 4 * MAX_SPAN_TEXT);
  return copy;
}
