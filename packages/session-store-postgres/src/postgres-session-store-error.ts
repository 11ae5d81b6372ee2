import { HexagentError, hasMarker, type StoreOperation } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.PostgresSessionStoreError');

/** What the store was doing when PostgreSQL failed: one of every store's operations, or its migration and retention (`migrate`, `deleteOlderThan`). */
export type PostgresSessionStoreOperation = StoreOperation | 'migrate' | 'deleteOlderThan';

/**
 * A `PostgresSessionStore` operation failed: the database is unreachable, timed out, refused the
 * query, or the tables are missing (run `migrate()`). `cause` holds the driver's error; `pgCode`
 * its SQLSTATE when the server sent one.
 */
export class PostgresSessionStoreError extends HexagentError {
  readonly code = 'SESSION_STORE_POSTGRES_FAILED' as const;
  /** The store method that failed. */
  readonly operation: PostgresSessionStoreOperation;
  /** The server's SQLSTATE (such as `42P01`, undefined table), when there was one. */
  readonly pgCode: string | undefined;
  private readonly [MARKER] = true;

  constructor(operation: PostgresSessionStoreOperation, cause: unknown) {
    const pgCode = sqlState(cause);
    const reason = cause instanceof Error ? cause.message : String(cause);
    const hint = pgCode === '42P01' || pgCode === '3F000' ? ' (the tables are missing: run migrate() first)' : '';
    super({ message: `PostgreSQL session store: ${operation}() failed: ${reason}${hint}`, cause });
    this.operation = operation;
    this.pgCode = pgCode;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is PostgresSessionStoreError {
    return hasMarker(error, MARKER);
  }
}

function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
