import type { StepRecord, StepStore, StoredStep } from '@hexagent/core';
import { PostgresStoreBase, type Row, storedRow } from './postgres-store-base.js';

/**
 * A `StepStore` on PostgreSQL: each tool call of a durable run (started, completed, its result), in
 * the same database and schema as `PostgresSessionStore` (table `steps`, migration 4, created by any
 * of the stores' `migrate()`), keyed by session and tool use id. A record changes by `UPDATE … WHERE
 * session_id AND tool_use_id AND version`; the row lock serialises concurrent updates of one version
 * and the second matches no row. `now()` is the database clock. Takes the same options as the session
 * store.
 *
 * @example
 * ```ts
 * const store = new PostgresStepStore({ connectionString: process.env.DATABASE_URL! });
 * await store.migrate();
 * const steps = new StepLedger({ store });
 * ```
 * @alpha
 */
export class PostgresStepStore extends PostgresStoreBase implements StepStore {
  readonly specificationVersion = 'v1' as const;

  /** The database clock, epoch ms. */
  async now(): Promise<number> {
    return this.databaseNow('steps.now');
  }

  /** The record of one call and its version, or `null`. */
  async get(sessionId: string, toolUseId: string): Promise<StoredStep | null> {
    const { rows } = await this.db.query(
      'steps.get',
      `SELECT version, record FROM ${this.tables.steps} WHERE session_id = $1 AND tool_use_id = $2`,
      [sessionId, toolUseId],
    );
    return rows.length === 0 ? null : stored(rows[0] as Row);
  }

  /** Inserts `record` at version 1 unless the call has one; answers what is stored. */
  async create(record: StepRecord): Promise<{ stored: StoredStep; created: boolean }> {
    const { rows } = await this.db.query(
      'steps.create',
      `INSERT INTO ${this.tables.steps} (session_id, tool_use_id, started_at, version, record) VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (session_id, tool_use_id) DO NOTHING RETURNING version, record`,
      [record.sessionId, record.toolUseId, record.startedAt, JSON.stringify(record)],
    );
    if (rows.length > 0) return { stored: stored(rows[0] as Row), created: true };
    // A second statement: its snapshot sees the row of a concurrent insert that won.
    const existing = await this.get(record.sessionId, record.toolUseId);
    if (existing === null) return this.create(record);
    return { stored: existing, created: false };
  }

  /** Compare-and-set on the version; `null` when another writer got there first. */
  async replace(
    sessionId: string,
    toolUseId: string,
    expectedVersion: number,
    record: StepRecord,
  ): Promise<StoredStep | null> {
    const { rows } = await this.db.query(
      'steps.replace',
      `UPDATE ${this.tables.steps} SET version = version + 1, record = $4, started_at = $5
       WHERE session_id = $1 AND tool_use_id = $2 AND version = $3 RETURNING version, record`,
      [sessionId, toolUseId, expectedVersion, JSON.stringify(record), record.startedAt],
    );
    return rows.length === 0 ? null : stored(rows[0] as Row);
  }

  /** The session's records, oldest start first. */
  async list(sessionId: string): Promise<StepRecord[]> {
    const { rows } = await this.db.query(
      'steps.list',
      `SELECT version, record FROM ${this.tables.steps} WHERE session_id = $1 ORDER BY started_at, tool_use_id`,
      [sessionId],
    );
    return rows.map((row) => stored(row as Row).record);
  }
}

function stored(row: Row): StoredStep {
  return storedRow<StepRecord>(row);
}
