import type { RunControlRecord, StoredRunControl } from './run-control-record.js';
import type { SpendEntry } from './spend-entry.js';

/**
 * The port of the store that keeps runs under control: each run's control record (stop, pause,
 * resume: who and when) and the spend ledger (what each attempt of a run cost, summed per run and
 * per tenant per day), so that a person stops a run from any process and caps hold across
 * processes and restarts. A record changes only by compare-and-set, a spend entry only grows, so an
 * adapter needs no other transaction; the rules live in core (`RunControlLedger`). Adapters:
 * `InMemoryRunControlStore` (core), `PostgresRunControlStore`, `RedisRunControlStore`; a new one is
 * done when it passes `runControlStoreConformance` from `@hexagent/testing/conformance`.
 *
 * Errors: every failure of the backend rejects with the adapter's own error; a lost race is not an
 * error (`replaceRun` resolves `null`).
 */
export interface RunControlStore {
  /** The version of this contract. */
  readonly specificationVersion: 'v1';
  /** The store's clock in integer epoch milliseconds (every process reads the same time). */
  now(): Promise<number>;
  /** The control record of `runId` and its version, or `null` when nothing was asked of the run. */
  getRun(runId: string): Promise<StoredRunControl | null>;
  /** Saves `record` at version 1 unless the run has one; resolves with what is stored and whether this call created it. */
  createRun(record: RunControlRecord): Promise<{ stored: StoredRunControl; created: boolean }>;
  /**
   * Replaces the record of `runId` if its version is still `expectedVersion`; resolves `null` when
   * another writer got there first. Of any number of concurrent calls with one version, at most one wins.
   */
  replaceRun(runId: string, expectedVersion: number, record: RunControlRecord): Promise<StoredRunControl | null>;
  /**
   * Writes a spend entry: inserted, or for an existing `runId` + `entryId` its cost becomes the larger
   * of the two (an attempt's cost only grows; `tenant` and `day` stay those of the first write).
   */
  recordSpend(entry: SpendEntry): Promise<void>;
  /** Dollars spent by the run, over all its entries. */
  runSpend(runId: string): Promise<number>;
  /** Dollars spent by the tenant on `day` (`YYYY-MM-DD`, UTC), over all its runs. */
  tenantSpend(tenant: string, day: string): Promise<number>;
}
