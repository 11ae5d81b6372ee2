import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.AbortError');

/** The operation was aborted: by an `AbortSignal`, `close()`, or the session ending. */
export class AbortError extends HexagentError {
  readonly code = 'ABORTED' as const;
  private readonly [MARKER] = true;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ message: options.message ?? 'The operation was aborted', cause: options.cause });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is AbortError {
    return hasMarker(error, MARKER);
  }
}
