import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.AbortError');

/**
 * The operation was aborted: by an `AbortSignal`, `close()`, or the session ending. Constructed
 * like the official SDK's `AbortError` (`new AbortError('...')`), or with `{ message, cause }`.
 *
 * Its `name` is `'Error'`, as the official's (which sets none): programs tell the two apart by
 * `name === 'AbortError'`, and one that does (an AI SDK provider) treats the official's abort as an
 * ordinary error. Use `instanceof AbortError`, `AbortError.isInstance()` or `code` instead.
 */
export class AbortError extends HexagentError {
  readonly code = 'ABORTED' as const;
  private readonly [MARKER] = true;

  constructor(messageOrOptions?: string | { message?: string; cause?: unknown }) {
    const options: { message?: string; cause?: unknown } =
      typeof messageOrOptions === 'string' ? { message: messageOrOptions } : (messageOrOptions ?? {});
    super({ message: options.message ?? 'The operation was aborted', cause: options.cause });
    // No name of its own: `Error.prototype`'s, as the official's, which sets none.
    Reflect.deleteProperty(this, 'name');
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is AbortError {
    return hasMarker(error, MARKER);
  }
}
