import type { Clock } from '../ports/clock.js';
import { systemClock } from '../util/system-clock.js';
import type { RunControlRecord, StoredRunControl } from './run-control-record.js';
import type { RunControlStore } from './run-control-store.js';
import type { SpendEntry } from './spend-entry.js';

/**
 * A {@link RunControlStore} in this process's memory: for tests, and for one process that runs and
 * controls its own runs. Records are copied in and out as JSON, as a real store would. Nothing
 * survives the process; use a database adapter for caps that must hold across restarts.
 */
export class InMemoryRunControlStore implements RunControlStore {
  readonly specificationVersion = 'v1' as const;
  readonly #runs = new Map<string, { json: string; version: number }>();
  readonly #spend = new Map<string, SpendEntry>();
  readonly #clock: Clock;

  /** @param options.clock where `now()` reads the time; default `systemClock`. */
  constructor(options: { clock?: Clock } = {}) {
    this.#clock = options.clock ?? systemClock;
  }

  async now(): Promise<number> {
    return Math.floor(this.#clock.now());
  }

  async getRun(runId: string): Promise<StoredRunControl | null> {
    const saved = this.#runs.get(runId);
    return saved === undefined ? null : parse(saved);
  }

  async createRun(record: RunControlRecord): Promise<{ stored: StoredRunControl; created: boolean }> {
    const existing = this.#runs.get(record.runId);
    if (existing !== undefined) return { stored: parse(existing), created: false };
    const saved = { json: JSON.stringify(record), version: 1 };
    this.#runs.set(record.runId, saved);
    return { stored: parse(saved), created: true };
  }

  async replaceRun(runId: string, expectedVersion: number, record: RunControlRecord): Promise<StoredRunControl | null> {
    const saved = this.#runs.get(runId);
    if (saved === undefined || saved.version !== expectedVersion) return null;
    const next = { json: JSON.stringify(record), version: saved.version + 1 };
    this.#runs.set(runId, next);
    return parse(next);
  }

  async recordSpend(entry: SpendEntry): Promise<void> {
    const key = JSON.stringify([entry.runId, entry.entryId]);
    const existing = this.#spend.get(key);
    if (existing === undefined) this.#spend.set(key, { ...entry });
    else existing.costUsd = Math.max(existing.costUsd, entry.costUsd);
  }

  async runSpend(runId: string): Promise<number> {
    return sum([...this.#spend.values()].filter((e) => e.runId === runId));
  }

  async tenantSpend(tenant: string, day: string): Promise<number> {
    return sum([...this.#spend.values()].filter((e) => e.tenant === tenant && e.day === day));
  }
}

function parse(saved: { json: string; version: number }): StoredRunControl {
  return { record: JSON.parse(saved.json) as RunControlRecord, version: saved.version };
}

function sum(entries: SpendEntry[]): number {
  return entries.reduce((total, e) => total + e.costUsd, 0);
}
