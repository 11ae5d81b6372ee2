import { HexagentError, hasMarker, type StoreOperation } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.RedisSessionStoreError');

/** What the store was doing when Redis failed: one of every store's operations, or its connection (`connect`). */
export type RedisSessionStoreOperation = StoreOperation | 'connect';

/**
 * A `RedisSessionStore` operation failed: the server is unreachable, did not answer within
 * `operationTimeoutMs`, refused the command, or appends to one session kept colliding. `cause`
 * holds the client's error.
 */
export class RedisSessionStoreError extends HexagentError {
  readonly code = 'SESSION_STORE_REDIS_FAILED' as const;
  /** The store method that failed. */
  readonly operation: RedisSessionStoreOperation;
  private readonly [MARKER] = true;

  constructor(operation: RedisSessionStoreOperation, reason: string, cause?: unknown) {
    super({ message: `Redis session store: ${operation}() failed: ${reason}`, cause });
    this.operation = operation;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is RedisSessionStoreError {
    return hasMarker(error, MARKER);
  }
}
