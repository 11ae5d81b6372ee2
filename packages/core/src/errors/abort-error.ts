import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.AbortError');

/**
 * The operation was aborted: by an `AbortSignal`, `close()`, or the session ending. Constructed
 * like the official SDK's `AbortError` (`new AbortError('...')`), or with `{ message, cause }`.
 */
export class AbortError extends HexagentError {
  readonly code = 'ABORTED' as const;
  private readonly [MARKER] = true;

  constructor(messageOrOptions?: string | { message?: string; cause?: unknown }) {
    const options: { message?: string; cause?: unknown } =
      typeof messageOrOptions === 'string' ? { message: messageOrOptions } : (messageOrOptions ?? {});
    super({ message: options.message ?? 'The operation was aborted', cause: options.cause });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is AbortError {
    return hasMarker(error, MARKER);
  }
}
