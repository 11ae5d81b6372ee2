import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.PoolClosedError');

/**
 * The agent pool is closed (or closing): a query asked of it after `close()`, or one still waiting
 * in its queue when `close()` was called. Nothing was started for it.
 */
export class PoolClosedError extends HexagentError {
  readonly code = 'POOL_CLOSED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ message: options.message ?? 'The agent pool is closed', cause: options.cause });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is PoolClosedError {
    return hasMarker(error, MARKER);
  }
}
