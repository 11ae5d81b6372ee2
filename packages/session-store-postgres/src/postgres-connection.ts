import pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-pool.js';
import { PostgresSessionStoreError, type PostgresSessionStoreOperation } from './postgres-session-store-error.js';
import type { PostgresSessionStoreOptions } from './postgres-session-store-options.js';

/**
 * The pool of a PostgreSQL store (the user's, or one it creates from a connection string) and the
 * two ways it is used: one statement, or one transaction. Every failure becomes a
 * `PostgresSessionStoreError` naming the operation. Shared by the session store and the approval store.
 */
export class PostgresConnection {
  readonly #pool: PostgresPool;
  readonly #ownsPool: boolean;

  constructor(options: PostgresSessionStoreOptions) {
    if ('pool' in options) {
      this.#pool = options.pool;
      this.#ownsPool = false;
      return;
    }
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
      query_timeout: options.queryTimeoutMillis ?? 30_000,
      max: options.maxConnections ?? 10,
      keepAlive: true,
    });
    // An idle connection the server drops emits 'error' on the pool; unheard, it would crash the
    // process. The next query fails with its own error, which the caller sees.
    pool.on('error', () => {});
    this.#pool = pool;
    this.#ownsPool = true;
  }

  /** Runs one statement on any connection of the pool. */
  async query(operation: PostgresSessionStoreOperation, text: string, values: unknown[]): Promise<PostgresQueryResult> {
    try {
      return await this.#pool.query(text, values);
    } catch (error) {
      throw new PostgresSessionStoreError(operation, error);
    }
  }

  /** Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  async transaction<T>(
    operation: PostgresSessionStoreOperation,
    work: (client: PostgresPoolClient) => Promise<T>,
  ): Promise<T> {
    let client: PostgresPoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw new PostgresSessionStoreError(operation, error);
    }
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      // A failed ROLLBACK means the connection is broken: discard it rather than reuse it.
      const rollback = await client.query('ROLLBACK').then(
        () => undefined,
        (rollbackError: unknown) => rollbackError,
      );
      client.release(rollback === undefined ? undefined : true);
      throw new PostgresSessionStoreError(operation, error);
    }
  }

  /** Ends the pool if this connection created it; a pool passed in stays open. */
  async close(): Promise<void> {
    if (this.#ownsPool) await this.#pool.end();
  }
}
