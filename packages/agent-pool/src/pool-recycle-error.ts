import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.PoolRecycleError');

/**
 * The agent pool could not recycle a CLI after its query (`recycle`): the `/clear` turn did not
 * show a reset conversation, was not answered within `resetTimeoutMs`, left background tasks
 * running or changed a setting, or the CLI exited. The pool closed that CLI; the query it served had
 * already ended normally. Carried by the pool's `recycleFailed` event.
 */
export class PoolRecycleError extends HexagentError {
  readonly code = 'POOL_RECYCLE_FAILED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { message: string; cause?: unknown }) {
    super(options);
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is PoolRecycleError {
    return hasMarker(error, MARKER);
  }
}
