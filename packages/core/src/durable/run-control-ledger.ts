import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { type RunControlRequest, requestRunControl, settleRunControl } from './request-run-control.js';
import { RunControlError } from './run-control-error.js';
import type { RunControlRecord } from './run-control-record.js';
import type { RunControlStore } from './run-control-store.js';
import { checkSpend, type SpendLimits, type SpendVerdict } from './spend-cap.js';
import { SpendCapExceededError } from './spend-cap-exceeded-error.js';
import { spendDay } from './spend-entry.js';

/** Lost compare-and-sets in a row before a change gives up (each one means another writer moved the record). */
const MAX_ATTEMPTS = 50;

/** Who asks, and why. */
export interface RunControlActor {
  /** Who asks (a label the application gives). */
  by: string;
  /** Why. */
  reason?: string;
}

/** A run whose spend to check: its id, its tenant and its caps. */
export interface SpendCheck extends SpendLimits {
  /** The run. */
  runId: string;
  /** The run's tenant (a tenant's cap needs one). */
  tenant?: string;
}

/**
 * Runs under control: the rules of core (`requestRunControl`, `settleRunControl`, `checkSpend`) over
 * a {@link RunControlStore}, each change of a record a compare-and-set, so any number of processes
 * may stop, pause and resume a run at once and the record says who did what first.
 *
 * @example
 * ```ts
 * const control = new RunControlLedger({ store: new PostgresRunControlStore({ connectionString }) });
 * await control.stop(run.id, { by: 'alice', reason: 'wrong repo' }); // the worker interrupts it within a poll
 * const spent = await control.store.tenantSpend('acme', spendDay(await control.store.now()));
 * ```
 */
export class RunControlLedger {
  readonly #store: RunControlStore;

  constructor(options: { store: RunControlStore }) {
    if (options.store?.specificationVersion !== 'v1') {
      throw new InvalidOptionError({
        option: 'store',
        message: "must be a RunControlStore with specificationVersion 'v1'",
      });
    }
    this.#store = options.store;
  }

  /** The store the ledger runs over. */
  get store(): RunControlStore {
    return this.#store;
  }

  /** The control record of a run, or `null` when nothing was asked of it. */
  async get(runId: string): Promise<RunControlRecord | null> {
    return (await this.#store.getRun(runId))?.record ?? null;
  }

  /**
   * Asks for a run to stop (final). The worker running it interrupts its CLI within its poll; a run not
   * started yet is stopped when a worker takes it; a paused run is stopped at once.
   * @throws RunControlError (`duplicate`) when it is already stopping or stopped.
   */
  stop(runId: string, actor: RunControlActor): Promise<RunControlRecord> {
    return this.#request(runId, { kind: 'stop', ...actor }).then((r) => r.record);
  }

  /**
   * Asks for a run to pause: the worker interrupts its CLI and parks the job (it completes with
   * `paused`); {@link RunControlLedger.resume} (or the queue's `resumeRun`) continues it.
   * @throws RunControlError (`duplicate`, `conflict`).
   */
  pause(runId: string, actor: RunControlActor): Promise<RunControlRecord> {
    return this.#request(runId, { kind: 'pause', ...actor }).then((r) => r.record);
  }

  /**
   * Lets a paused run go on. `continueRun`: it was parked, and a continuation must be queued (the
   * queue's `resumeRun` does both); `false` when the pause had not been carried out yet.
   * @throws RunControlError (`not-paused`).
   */
  resume(runId: string, actor: RunControlActor): Promise<{ record: RunControlRecord; continueRun: boolean }> {
    return this.#request(runId, { kind: 'resume', ...actor });
  }

  /**
   * For the worker: carries out a pending stop or pause of the run it runs as `jobId`; resolves with
   * the settled record, or `null` when there is nothing to carry out (or it was withdrawn meanwhile).
   */
  async settle(runId: string, settled: { jobId: string; started: boolean }): Promise<RunControlRecord | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const stored = await this.#store.getRun(runId);
      const next = settleRunControl(stored?.record ?? null, settled, await this.#store.now());
      if (stored === null || next === null) return null;
      if ((await this.#store.replaceRun(runId, stored.version, next)) !== null) return next;
    }
    throw lostRaces(runId);
  }

  /** Adds what an attempt of a run cost so far (idempotent per `entryId`; the cost only grows). */
  async recordSpend(entry: { runId: string; entryId: string; tenant?: string; costUsd: number }): Promise<void> {
    if (!Number.isFinite(entry.costUsd) || entry.costUsd < 0) return;
    await this.#store.recordSpend({ ...entry, day: spendDay(await this.#store.now()) });
  }

  /** What the run, and its tenant today, may still spend under the caps. */
  async checkSpend(check: SpendCheck): Promise<SpendVerdict> {
    const needRun = check.runCapUsd !== undefined;
    const needTenant = check.tenantDailyCapUsd !== undefined && check.tenant !== undefined;
    const [runUsd, tenantTodayUsd] = await Promise.all([
      needRun ? this.#store.runSpend(check.runId) : 0,
      needTenant ? this.#store.tenantSpend(check.tenant ?? '', spendDay(await this.#store.now())) : 0,
    ]);
    const limits: SpendLimits = {
      ...(check.runCapUsd === undefined ? {} : { runCapUsd: check.runCapUsd }),
      ...(needTenant && check.tenantDailyCapUsd !== undefined ? { tenantDailyCapUsd: check.tenantDailyCapUsd } : {}),
    };
    return checkSpend(limits, { runUsd, tenantTodayUsd });
  }

  /**
   * {@link RunControlLedger.checkSpend}, throwing when over a cap; resolves with what may still be spent.
   * @throws SpendCapExceededError
   */
  async assertWithinCaps(check: SpendCheck): Promise<number | undefined> {
    const verdict = await this.checkSpend(check);
    if (verdict.kind === 'within') return verdict.remainingUsd;
    const { cap, capUsd, spentUsd } = verdict;
    throw new SpendCapExceededError({
      runId: check.runId,
      cap,
      capUsd,
      spentUsd,
      ...(check.tenant === undefined ? {} : { tenant: check.tenant }),
    });
  }

  async #request(
    runId: string,
    request: RunControlRequest,
  ): Promise<{ record: RunControlRecord; continueRun: boolean }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const stored = await this.#store.getRun(runId);
      const outcome = requestRunControl(runId, stored?.record ?? null, request, await this.#store.now());
      if (outcome.kind === 'refused') {
        const { refusal: reason, message } = outcome;
        throw new RunControlError({ runId, reason, message, ...(stored ? { record: stored.record } : {}) });
      }
      const won =
        stored === null
          ? (await this.#store.createRun(outcome.record)).created
          : (await this.#store.replaceRun(runId, stored.version, outcome.record)) !== null;
      if (won) return { record: outcome.record, continueRun: outcome.continueRun };
    }
    throw lostRaces(runId);
  }
}

function lostRaces(runId: string): RunControlError {
  return new RunControlError({
    runId,
    reason: 'conflict',
    message: `${MAX_ATTEMPTS} writes in a row lost to other writers`,
  });
}
