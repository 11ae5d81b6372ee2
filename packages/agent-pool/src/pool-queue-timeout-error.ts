import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.PoolQueueTimeoutError');

/** A query waited in the agent pool's queue longer than `queueTimeoutMs`; nothing was started for it. */
export class PoolQueueTimeoutError extends HexagentError {
  readonly code = 'POOL_QUEUE_TIMEOUT' as const;
  /** How long the query waited, in milliseconds. */
  readonly waitedMs: number;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { waitedMs: number; message?: string }) {
    super({
      message:
        options.message ??
        `The query waited ${Math.round(options.waitedMs)} ms in the agent pool's queue and timed out`,
    });
    this.waitedMs = options.waitedMs;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is PoolQueueTimeoutError {
    return hasMarker(error, MARKER);
  }
}
