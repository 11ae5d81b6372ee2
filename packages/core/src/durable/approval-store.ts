import type { ApprovalRecord, ApprovalStatus, StoredApproval } from './approval-record.js';

/** Which records {@link ApprovalStore.list} returns. */
export interface ApprovalQuery {
  /** Only records in one of these statuses; default every status. */
  status?: ApprovalStatus | readonly ApprovalStatus[];
  /** Only the records of this session. */
  sessionId?: string;
  /** At most this many (the oldest requests first); default 100. */
  limit?: number;
}

/**
 * The port of the store that keeps approvals, so that a run parks in one process and a person
 * decides in another. Everything that must be atomic is one compare-and-set on one record
 * ({@link ApprovalStore.replace}), so an adapter needs no other transaction; the rules of what may
 * change live in core (`ApprovalLedger`). Adapters: `InMemoryApprovalStore` (core),
 * `PostgresApprovalStore`, `RedisApprovalStore`; a new one is done when it passes
 * `approvalStoreConformance` from `@hexagent/testing/conformance`.
 *
 * Errors: every failure of the backend rejects with the adapter's own error; a lost race is not an
 * error (`replace` resolves `null`).
 */
export interface ApprovalStore {
  /** The version of this contract. */
  readonly specificationVersion: 'v1';
  /**
   * The store's clock in epoch milliseconds (an integer): every process that shares the store reads
   * the same time, so expiry does not depend on the clocks of the machines that decide and resume.
   */
  now(): Promise<number>;
  /**
   * Saves `record` (its version becomes 1) unless a record with its id exists. Resolves with what is
   * stored, and whether this call created it.
   */
  create(record: ApprovalRecord): Promise<{ stored: StoredApproval; created: boolean }>;
  /** The record with `id` and its version, or `null`. */
  get(id: string): Promise<StoredApproval | null>;
  /**
   * Replaces the record with `id` by `record` if its version is still `expectedVersion`, and
   * resolves with the new version; resolves `null` when the version moved on (another writer won)
   * or the record is gone. Of any number of concurrent calls with one version, at most one wins.
   */
  replace(id: string, expectedVersion: number, record: ApprovalRecord): Promise<StoredApproval | null>;
  /** The records that match `query`, the oldest `requestedAt` first. */
  list(query?: ApprovalQuery): Promise<ApprovalRecord[]>;
  /** Deletes the records whose life ended (denied, expired, ran, invalidated) before `before` (epoch ms, requestedAt); resolves with how many. */
  deleteEndedBefore(before: number): Promise<number>;
}
