import type { StepRecord, StoredStep } from './step-record.js';

/**
 * The port of the store that keeps a run's tool calls as they start and complete, so that a run
 * resumed on another worker after a crash answers a completed call from its record instead of
 * running it again, and knows which call was in flight. A record changes only by compare-and-set, so
 * an adapter needs no other transaction; the rules live in core (`planStep`, `StepLedger`). Adapters:
 * `InMemoryStepStore` (core), `PostgresStepStore`, `RedisStepStore`; a new one is done when it passes
 * `stepStoreConformance` from `@hexagent/testing/conformance`.
 *
 * Errors: every failure of the backend rejects with the adapter's own error; a lost race is not an
 * error (`replace` resolves `null`).
 */
export interface StepStore {
  /** The version of this contract. */
  readonly specificationVersion: 'v1';
  /** The store's clock in integer epoch milliseconds (every process reads the same time). */
  now(): Promise<number>;
  /** The record of one call and its version, or `null` when the call never started. */
  get(sessionId: string, toolUseId: string): Promise<StoredStep | null>;
  /** Saves `record` at version 1 unless the call has one; resolves with what is stored and whether this call created it. */
  create(record: StepRecord): Promise<{ stored: StoredStep; created: boolean }>;
  /**
   * Replaces the record of the call if its version is still `expectedVersion`; resolves `null` when
   * another writer got there first. Of any number of concurrent calls with one version, at most one wins.
   */
  replace(
    sessionId: string,
    toolUseId: string,
    expectedVersion: number,
    record: StepRecord,
  ): Promise<StoredStep | null>;
  /** The session's records, oldest start first. */
  list(sessionId: string): Promise<StepRecord[]>;
}
