import type { RunControlRecord, RunControlStore, SpendEntry, StoredRunControl } from '@hexagent/core';
import { PostgresStoreBase, type Row, storedRow } from './postgres-store-base.js';

/**
 * A `RunControlStore` on PostgreSQL: the control records of queued runs (stop, pause, resume: who
 * and when) and the spend ledger, in the same database and schema as `PostgresSessionStore` (tables
 * `run_controls` and `spend`, migration 3, created by any of the stores' `migrate()`). A record
 * changes by `UPDATE … WHERE run_id = $1 AND version = $2`; a spend entry is an upsert that keeps the
 * larger cost, so writing it again counts it once; the sums are indexed per run and per tenant and
 * day. `now()` is the database clock. Takes the same options as the session store.
 *
 * @example
 * ```ts
 * const store = new PostgresRunControlStore({ connectionString: process.env.DATABASE_URL! });
 * await store.migrate();
 * const control = new RunControlLedger({ store });
 * ```
 * @alpha
 */
export class PostgresRunControlStore extends PostgresStoreBase implements RunControlStore {
  readonly specificationVersion = 'v1' as const;

  /** The database clock, epoch ms. */
  async now(): Promise<number> {
    return this.databaseNow('runs.now');
  }

  /** The control record of `runId` and its version, or `null`. */
  async getRun(runId: string): Promise<StoredRunControl | null> {
    const { rows } = await this.db.query(
      'runs.get',
      `SELECT version, record FROM ${this.tables.runControls} WHERE run_id = $1`,
      [runId],
    );
    return rows.length === 0 ? null : stored(rows[0] as Row);
  }

  /** Inserts `record` at version 1 unless the run has one; answers what is stored. */
  async createRun(record: RunControlRecord): Promise<{ stored: StoredRunControl; created: boolean }> {
    const { rows } = await this.db.query(
      'runs.create',
      `INSERT INTO ${this.tables.runControls} (run_id, version, record) VALUES ($1, 1, $2)
       ON CONFLICT (run_id) DO NOTHING RETURNING version, record`,
      [record.runId, JSON.stringify(record)],
    );
    if (rows.length > 0) return { stored: stored(rows[0] as Row), created: true };
    // A second statement: its snapshot sees the row of a concurrent insert that won.
    const existing = await this.getRun(record.runId);
    if (existing === null) return this.createRun(record);
    return { stored: existing, created: false };
  }

  /** Compare-and-set on the version; `null` when another writer got there first. */
  async replaceRun(runId: string, expectedVersion: number, record: RunControlRecord): Promise<StoredRunControl | null> {
    const { rows } = await this.db.query(
      'runs.replace',
      `UPDATE ${this.tables.runControls} SET version = version + 1, record = $3
       WHERE run_id = $1 AND version = $2 RETURNING version, record`,
      [runId, expectedVersion, JSON.stringify(record)],
    );
    return rows.length === 0 ? null : stored(rows[0] as Row);
  }

  /** Upserts a spend entry, keeping the larger cost (and the first write's tenant and day). */
  async recordSpend(entry: SpendEntry): Promise<void> {
    await this.db.query(
      'runs.recordSpend',
      `INSERT INTO ${this.tables.spend} (run_id, entry_id, tenant, day, cost_usd) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (run_id, entry_id) DO UPDATE SET cost_usd = GREATEST(${this.tables.spend}.cost_usd, EXCLUDED.cost_usd)`,
      [entry.runId, entry.entryId, entry.tenant ?? null, entry.day, entry.costUsd],
    );
  }

  /** Dollars spent by the run. */
  async runSpend(runId: string): Promise<number> {
    const { rows } = await this.db.query(
      'runs.runSpend',
      `SELECT coalesce(sum(cost_usd), 0) AS total FROM ${this.tables.spend} WHERE run_id = $1`,
      [runId],
    );
    return Number((rows[0] as Row).total);
  }

  /** Dollars spent by the tenant on `day`. */
  async tenantSpend(tenant: string, day: string): Promise<number> {
    const { rows } = await this.db.query(
      'runs.tenantSpend',
      `SELECT coalesce(sum(cost_usd), 0) AS total FROM ${this.tables.spend} WHERE tenant = $1 AND day = $2`,
      [tenant, day],
    );
    return Number((rows[0] as Row).total);
  }
}

function stored(row: Row): StoredRunControl {
  return storedRow<RunControlRecord>(row);
}
