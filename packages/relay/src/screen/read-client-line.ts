/** A line of the client's as the CLI reads it. */
export type ClientLine =
  /** Nothing but whitespace: the CLI skips it. */
  | { kind: 'blank' }
  /** A JSON object: the message the CLI would act on. */
  | { kind: 'message'; message: Record<string, unknown> }
  /** Anything else: the CLI would stop on it (or misread it); the relay refuses it. */
  | { kind: 'unreadable'; why: string };

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Reads one line of a client's input (without its newline) as Claude Code 2.1.332 reads a line of
 * its stream-json input, so that the relay screens the message the CLI will act on: a line that is
 * only whitespace (`String.prototype.trim`, so Unicode's too) is skipped; one leading byte order
 * mark is dropped; the rest must be one JSON value (JSON's whitespace around it, `\r` included),
 * and the relay takes only an object. `requestId` is read as `request_id` when that is missing, at
 * the top and in `response`, as the CLI does. `test/e2e/cli-line-reading.test.ts` checks this
 * reading against the real CLI's, variant by variant.
 *
 * The caller passes on `JSON.stringify` of the message, never the line itself: whatever the CLI
 * would make of the original bytes, it then reads exactly what was screened.
 */
export function readClientLine(line: string): ClientLine {
  if (line.trim() === '') return { kind: 'blank' };
  const text = line.startsWith(BYTE_ORDER_MARK) ? line.slice(1) : line;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'unreadable',
      why: `not one JSON value (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'unreadable', why: 'not a JSON object' };
  }
  const message = value as Record<string, unknown>;
  aliasRequestId(message);
  if (isRecord(message.response)) aliasRequestId(message.response);
  return { kind: 'message', message };
}

/** The CLI's own normalisation: `requestId` stands for `request_id` when that is missing. */
function aliasRequestId(record: Record<string, unknown>): void {
  if (!Object.hasOwn(record, 'requestId') || Object.hasOwn(record, 'request_id')) return;
  record.request_id = record.requestId;
  delete record.requestId;
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
