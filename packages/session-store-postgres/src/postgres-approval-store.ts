import {
  type ApprovalQuery,
  type ApprovalRecord,
  type ApprovalStore,
  ENDED_APPROVAL_STATUSES,
  type StoredApproval,
} from '@hexagent/core';
import { PostgresStoreBase, type Row, storedRow } from './postgres-store-base.js';

/**
 * An `ApprovalStore` on PostgreSQL: the approvals of durable runs (pending tool calls and their
 * decisions), in the same database and schema as `PostgresSessionStore` (table `approvals`, created
 * by either store's `migrate()`). A change is `UPDATE … WHERE id = $1 AND version = $2`: the row lock
 * serialises concurrent updates of one version, and every one after the first matches no row, so of
 * any number of deciders in any number of processes exactly one wins. `now()` is the database clock.
 * Takes the same options as the session store (a pool of yours, or a connection string).
 *
 * @example
 * ```ts
 * const store = new PostgresApprovalStore({ connectionString: process.env.DATABASE_URL! });
 * await store.migrate();
 * const ledger = new ApprovalLedger({ store });
 * ```
 * @alpha
 */
export class PostgresApprovalStore extends PostgresStoreBase implements ApprovalStore {
  readonly specificationVersion = 'v1' as const;

  /** The database clock, epoch ms. */
  async now(): Promise<number> {
    return this.databaseNow('approvals.now');
  }

  /** Inserts `record` at version 1 unless its id exists; answers what is stored. */
  async create(record: ApprovalRecord): Promise<{ stored: StoredApproval; created: boolean }> {
    const { rows } = await this.db.query(
      'approvals.create',
      `INSERT INTO ${this.tables.approvals} (id, session_id, status, requested_at, version, record)
       VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (id) DO NOTHING RETURNING version, record`,
      [record.id, record.sessionId, record.status, record.requestedAt, JSON.stringify(record)],
    );
    if (rows.length > 0) return { stored: stored(rows[0] as Row), created: true };
    // A second statement: its snapshot sees the row of a concurrent insert that won (one statement's would not).
    const existing = await this.get(record.id);
    if (existing === null) return this.create(record);
    return { stored: existing, created: false };
  }

  /** The record with `id` and its version, or `null`. */
  async get(id: string): Promise<StoredApproval | null> {
    const { rows } = await this.db.query(
      'approvals.get',
      `SELECT version, record FROM ${this.tables.approvals} WHERE id = $1`,
      [id],
    );
    return rows.length === 0 ? null : stored(rows[0] as Row);
  }

  /** Compare-and-set on the version; `null` when another writer got there first. */
  async replace(id: string, expectedVersion: number, record: ApprovalRecord): Promise<StoredApproval | null> {
    const { rows } = await this.db.query(
      'approvals.replace',
      `UPDATE ${this.tables.approvals} SET version = version + 1, status = $3, record = $4
       WHERE id = $1 AND version = $2 RETURNING version, record`,
      [id, expectedVersion, record.status, JSON.stringify(record)],
    );
    return rows.length === 0 ? null : stored(rows[0] as Row);
  }

  /** The records matching `query`, oldest request first. */
  async list(query: ApprovalQuery = {}): Promise<ApprovalRecord[]> {
    const statuses = query.status === undefined ? null : [query.status].flat();
    const { rows } = await this.db.query(
      'approvals.list',
      `SELECT version, record FROM ${this.tables.approvals}
       WHERE ($1::text[] IS NULL OR status = ANY($1)) AND ($2::text IS NULL OR session_id = $2)
       ORDER BY requested_at, id LIMIT $3`,
      [statuses, query.sessionId ?? null, query.limit ?? 100],
    );
    return (rows as Row[]).map((row) => stored(row).record);
  }

  /** Deletes the ended records requested before `before` (epoch ms); answers how many. */
  async deleteEndedBefore(before: number): Promise<number> {
    const { rowCount } = await this.db.query(
      'approvals.deleteEndedBefore',
      `DELETE FROM ${this.tables.approvals} WHERE status = ANY($1) AND requested_at < $2`,
      [[...ENDED_APPROVAL_STATUSES], before],
    );
    return rowCount ?? 0;
  }
}

function stored(row: Row): StoredApproval {
  return storedRow<ApprovalRecord>(row);
}
