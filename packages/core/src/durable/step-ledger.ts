import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { planStep, type StepCall, type StepPlan } from './plan-step.js';
import type { StepRecord, StepResolution, StepResult, StoredStep } from './step-record.js';
import type { StepStore } from './step-store.js';

/** Lost compare-and-sets in a row before a transition gives up (each one means another writer moved the record). */
const MAX_ATTEMPTS = 50;

/**
 * Durable steps: {@link planStep} run over a {@link StepStore}. `begin` is called before a tool's
 * handler runs and records the start (`run`, `rerun`), or says why it must not run (`replay`,
 * `interrupted`, `mismatch`); `complete` saves the result. Every change is a compare-and-set, so of
 * two processes beginning one call only one gets `run`.
 *
 * @example
 * ```ts
 * const steps = new StepLedger({ store: new PostgresStepStore({ connectionString }) });
 * const plan = await steps.begin(call, false);
 * if (plan.kind === 'replay') return plan.result; // ran before the crash: not again
 * ```
 */
export class StepLedger {
  readonly #store: StepStore;

  constructor(options: { store: StepStore }) {
    if (options.store?.specificationVersion !== 'v1') {
      throw new InvalidOptionError({
        option: 'store',
        message: "must be a StepStore with specificationVersion 'v1'",
      });
    }
    this.#store = options.store;
  }

  /** The store behind the ledger. */
  get store(): StepStore {
    return this.#store;
  }

  /** Plans the call and, for `run` and `rerun`, records its start (status `running`). */
  async begin(call: StepCall, idempotent: boolean): Promise<StepPlan> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const stored = await this.#store.get(call.sessionId, call.toolUseId);
      const plan = planStep(stored, call, idempotent);
      const now = await this.#store.now();
      if (plan.kind === 'run') {
        const record: StepRecord = { ...call, status: 'running', starts: 1, startedAt: now };
        if ((await this.#store.create(record)).created) return plan;
      } else if (plan.kind === 'rerun' && stored !== null) {
        const next: StepRecord = { ...stored.record, starts: stored.record.starts + 1, startedAt: now };
        if ((await this.#store.replace(call.sessionId, call.toolUseId, stored.version, next)) !== null) return plan;
      } else return plan;
    }
    throw new Error(`step ${call.toolUseId}: gave up after ${MAX_ATTEMPTS} lost compare-and-sets`);
  }

  /** Saves the result of a started call (`running` → `completed`); a completed one keeps its first result. */
  async complete(call: StepCall, result: StepResult): Promise<StepRecord> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const stored = await this.#store.get(call.sessionId, call.toolUseId);
      if (stored === null) throw new Error(`step ${call.toolUseId} was never started`);
      if (stored.record.status === 'completed') return stored.record;
      const next: StepRecord = { ...stored.record, status: 'completed', endedAt: await this.#store.now(), result };
      const saved = await this.#store.replace(call.sessionId, call.toolUseId, stored.version, next);
      if (saved !== null) return saved.record;
    }
    throw new Error(`step ${call.toolUseId}: gave up after ${MAX_ATTEMPTS} lost compare-and-sets`);
  }

  /**
   * Records a person's decision on a call interrupted mid-flight (`running`, no resolution yet): a
   * compare-and-set, so of racing deciders one wins; the others get `null`.
   */
  async resolve(
    sessionId: string,
    toolUseId: string,
    resolution: Omit<StepResolution, 'at'>,
  ): Promise<StepRecord | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const stored = await this.#store.get(sessionId, toolUseId);
      if (stored === null || stored.record.status !== 'running' || stored.record.resolution !== undefined) return null;
      const next: StepRecord = { ...stored.record, resolution: { ...resolution, at: await this.#store.now() } };
      const saved = await this.#store.replace(sessionId, toolUseId, stored.version, next);
      if (saved !== null) return saved.record;
    }
    return null;
  }

  /** The session's calls that were in flight when a worker died and that nobody resolved yet. */
  async interrupted(sessionId: string): Promise<StepRecord[]> {
    return (await this.#store.list(sessionId)).filter((r) => r.status === 'running' && r.resolution === undefined);
  }

  /** The record of one call, or `null`. */
  async get(sessionId: string, toolUseId: string): Promise<StoredStep | null> {
    return this.#store.get(sessionId, toolUseId);
  }

  /** The session's records, oldest start first. */
  async list(sessionId: string): Promise<StepRecord[]> {
    return this.#store.list(sessionId);
  }
}
