import type { Clock } from '../ports/clock.js';
import { systemClock } from '../util/system-clock.js';
import { type ApprovalRecord, ENDED_APPROVAL_STATUSES, type StoredApproval } from './approval-record.js';
import type { ApprovalQuery, ApprovalStore } from './approval-store.js';

/**
 * An {@link ApprovalStore} in this process's memory: for tests, and for one process that parks and
 * decides itself. Records are copied in and out as JSON, as a real store would. It passes
 * `approvalStoreConformance`, except the two-process race, which needs a shared store.
 */
export class InMemoryApprovalStore implements ApprovalStore {
  readonly specificationVersion = 'v1' as const;
  readonly #records = new Map<string, { json: string; version: number }>();
  readonly #clock: Clock;

  /** @param options.clock where `now()` reads the time; default `systemClock`. */
  constructor(options: { clock?: Clock } = {}) {
    this.#clock = options.clock ?? systemClock;
  }

  async now(): Promise<number> {
    return Math.floor(this.#clock.now());
  }

  async create(record: ApprovalRecord): Promise<{ stored: StoredApproval; created: boolean }> {
    const existing = this.#records.get(record.id);
    if (existing !== undefined) return { stored: parse(existing), created: false };
    const saved = { json: JSON.stringify(record), version: 1 };
    this.#records.set(record.id, saved);
    return { stored: parse(saved), created: true };
  }

  async get(id: string): Promise<StoredApproval | null> {
    const saved = this.#records.get(id);
    return saved === undefined ? null : parse(saved);
  }

  async replace(id: string, expectedVersion: number, record: ApprovalRecord): Promise<StoredApproval | null> {
    const saved = this.#records.get(id);
    if (saved === undefined || saved.version !== expectedVersion) return null;
    const next = { json: JSON.stringify(record), version: saved.version + 1 };
    this.#records.set(id, next);
    return parse(next);
  }

  async list(query: ApprovalQuery = {}): Promise<ApprovalRecord[]> {
    const statuses = query.status === undefined ? undefined : new Set([query.status].flat());
    return [...this.#records.values()]
      .map((saved) => parse(saved).record)
      .filter(
        (r) => (statuses === undefined || statuses.has(r.status)) && (query.sessionId ?? r.sessionId) === r.sessionId,
      )
      .sort((a, b) => a.requestedAt - b.requestedAt || (a.id < b.id ? -1 : 1))
      .slice(0, query.limit ?? 100);
  }

  async deleteEndedBefore(before: number): Promise<number> {
    let deleted = 0;
    for (const [id, saved] of this.#records) {
      const { record } = parse(saved);
      if (ENDED_APPROVAL_STATUSES.includes(record.status) && record.requestedAt < before) {
        this.#records.delete(id);
        deleted += 1;
      }
    }
    return deleted;
  }
}

function parse(saved: { json: string; version: number }): StoredApproval {
  return { record: JSON.parse(saved.json) as ApprovalRecord, version: saved.version };
}
