import type { Clock } from '../ports/clock.js';
import { systemClock } from '../util/system-clock.js';
import type { StepRecord, StoredStep } from './step-record.js';
import type { StepStore } from './step-store.js';

/**
 * A {@link StepStore} in this process's memory: for tests and one process. Records are copied in
 * and out as JSON, as a real store would. Nothing survives the process, so nothing survives a crash
 * either: use a database adapter for runs that must.
 */
export class InMemoryStepStore implements StepStore {
  readonly specificationVersion = 'v1' as const;
  readonly #steps = new Map<string, { json: string; version: number }>();
  readonly #clock: Clock;

  /** @param options.clock where `now()` reads the time; default `systemClock`. */
  constructor(options: { clock?: Clock } = {}) {
    this.#clock = options.clock ?? systemClock;
  }

  async now(): Promise<number> {
    return Math.floor(this.#clock.now());
  }

  async get(sessionId: string, toolUseId: string): Promise<StoredStep | null> {
    const saved = this.#steps.get(key(sessionId, toolUseId));
    return saved === undefined ? null : parse(saved);
  }

  async create(record: StepRecord): Promise<{ stored: StoredStep; created: boolean }> {
    const k = key(record.sessionId, record.toolUseId);
    const existing = this.#steps.get(k);
    if (existing !== undefined) return { stored: parse(existing), created: false };
    const saved = { json: JSON.stringify(record), version: 1 };
    this.#steps.set(k, saved);
    return { stored: parse(saved), created: true };
  }

  async replace(
    sessionId: string,
    toolUseId: string,
    expectedVersion: number,
    record: StepRecord,
  ): Promise<StoredStep | null> {
    const k = key(sessionId, toolUseId);
    const saved = this.#steps.get(k);
    if (saved === undefined || saved.version !== expectedVersion) return null;
    const next = { json: JSON.stringify(record), version: saved.version + 1 };
    this.#steps.set(k, next);
    return parse(next);
  }

  async list(sessionId: string): Promise<StepRecord[]> {
    return [...this.#steps.values()]
      .map((saved) => parse(saved).record)
      .filter((record) => record.sessionId === sessionId)
      .sort((a, b) => a.startedAt - b.startedAt);
  }
}

function key(sessionId: string, toolUseId: string): string {
  return JSON.stringify([sessionId, toolUseId]);
}

function parse(saved: { json: string; version: number }): StoredStep {
  return { record: JSON.parse(saved.json) as StepRecord, version: saved.version };
}
