import { migratePostgres } from './migrate-postgres.js';
import { PostgresConnection } from './postgres-connection.js';
import type { PostgresSessionStoreOperation } from './postgres-session-store-error.js';
import type { PostgresSessionStoreOptions } from './postgres-session-store-options.js';
import { NOW_MS, type PostgresTables, postgresTables } from './postgres-tables.js';

/** A result row as node-postgres hands it over. */
export type Row = Record<string, unknown>;

/**
 * What every PostgreSQL store of this package shares: one connection (a pool of the user's, or one
 * made from a connection string), the tables of one schema and prefix, `migrate()` (which creates
 * every store's tables) and `close()`.
 */
export abstract class PostgresStoreBase {
  /** The pool, and every failure as a `PostgresSessionStoreError` naming the operation. */
  protected readonly db: PostgresConnection;
  /** The qualified table names. */
  protected readonly tables: PostgresTables;

  constructor(options: PostgresSessionStoreOptions) {
    this.tables = postgresTables(options.schema ?? 'hexagent', options.tablePrefix ?? '');
    this.db = new PostgresConnection(options);
  }

  /**
   * Creates the schema and every store's tables, or brings them up to this package's version.
   * Idempotent and safe to run from several processes at once (an advisory lock serialises them).
   */
  async migrate(): Promise<void> {
    await migratePostgres(this.db, this.tables);
  }

  /** Ends the pool when the store created it; a pool of yours stays open. */
  async close(): Promise<void> {
    await this.db.close();
  }

  /** The database clock, epoch ms, read under `operation`. */
  protected async databaseNow(operation: PostgresSessionStoreOperation): Promise<number> {
    const { rows } = await this.db.query(operation, `SELECT ${NOW_MS} AS now`, []);
    return Number((rows[0] as Row).now);
  }
}

/** A versioned record row (`version`, `record` as JSON text) as `{ record, version }`. */
export function storedRow<T>(row: Row): { record: T; version: number } {
  return { record: JSON.parse(String(row.record)) as T, version: Number(row.version) };
}
