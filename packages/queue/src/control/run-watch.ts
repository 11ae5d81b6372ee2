import { setTimeout as sleep } from 'node:timers/promises';
import type { RunControlRecord, SpendVerdict } from '@hexagent/core';
import type { SDKMessage } from '@hexagent/sdk';
import type { AgentJobData } from '../agent-job.js';
import type { ClaimedJob } from '../job-queue.js';
import { DEFAULT_CONTROL_POLL_MS, type RunControlPolicy } from './run-control-policy.js';
import type { RunStop } from './run-stop.js';

/** What a job under control may do: run (within `remainingUsd`), or end now without a CLI. */
export type Admission = { kind: 'run'; remainingUsd: number | undefined } | { kind: 'end'; stop: RunStop };

/** The run a job belongs to: its own id, or the run a continuation continues. */
export function runIdOf(job: ClaimedJob<AgentJobData>): string {
  return job.data.runId ?? job.id;
}

function capsOf(policy: RunControlPolicy, job: ClaimedJob<AgentJobData>) {
  const { tenant, spendCapUsd } = job.data;
  const cap = policy.tenantDailyCapUsd;
  const tenantDailyCapUsd = tenant === undefined ? undefined : typeof cap === 'function' ? cap(tenant) : cap;
  return {
    runId: runIdOf(job),
    ...(tenant === undefined ? {} : { tenant }),
    ...(spendCapUsd === undefined ? {} : { runCapUsd: spendCapUsd }),
    ...(tenantDailyCapUsd === undefined ? {} : { tenantDailyCapUsd }),
  };
}

function overCap(verdict: Extract<SpendVerdict, { kind: 'over' }>, started: boolean): RunStop {
  const { cap, capUsd, spentUsd } = verdict;
  return { reason: 'over-cap', cap, capUsd, spentUsd, started };
}

function controlStop(record: RunControlRecord, started: boolean): RunStop {
  return { reason: record.status === 'paused' ? 'paused' : 'stopped', control: record, started };
}

/**
 * Before a job's CLI starts: a stop or pause asked meanwhile is carried out (the job ends without a
 * CLI), and a run or tenant at its cap is refused. Otherwise the job runs, within what is left.
 */
export async function admitJob(policy: RunControlPolicy, job: ClaimedJob<AgentJobData>): Promise<Admission> {
  const runId = runIdOf(job);
  const settled = await policy.ledger.settle(runId, { jobId: job.id, started: false });
  if (settled !== null) return { kind: 'end', stop: controlStop(settled, false) };
  const verdict = await policy.ledger.checkSpend(capsOf(policy, job));
  if (verdict.kind === 'over') return { kind: 'end', stop: overCap(verdict, false) };
  return { kind: 'run', remainingUsd: verdict.remainingUsd };
}

/**
 * Watches one running job: polls its control record (a stop or a pause is settled in the store, then
 * the CLI is aborted), and records the spend of each `result` in the ledger (a result over the
 * budget, or a run that goes on past its cap, ends it `over-cap`). The poll is the cross-process
 * channel because every store can serve it the same way; see docs/durable-runs.md.
 */
export class RunWatch {
  readonly #policy: RunControlPolicy;
  readonly #job: ClaimedJob<AgentJobData>;
  readonly #entryId: string;
  readonly #abort: AbortController;
  readonly #ended = new AbortController();
  #stop: RunStop | undefined;
  #over: RunStop | undefined;
  #costUsd = 0;

  constructor(policy: RunControlPolicy, job: ClaimedJob<AgentJobData>, entryId: string, abort: AbortController) {
    this.#policy = policy;
    this.#job = job;
    this.#entryId = entryId;
    this.#abort = abort;
    void this.#poll(policy.pollMs ?? DEFAULT_CONTROL_POLL_MS);
  }

  /** Why the run was ended early, once it was. */
  get stopped(): RunStop | undefined {
    return this.#stop;
  }

  /** What the attempt cost so far, as its last result said. */
  get costUsd(): number {
    return this.#costUsd;
  }

  /** Sees each message of the run: spends results, and ends a run that goes on past its cap. */
  async onMessage(message: SDKMessage): Promise<void> {
    if (message.type === 'assistant' && this.#over !== undefined) this.#halt(this.#over);
    if (message.type !== 'result') return;
    this.#costUsd = message.total_cost_usd;
    const { runId, tenant } = capsOf(this.#policy, this.#job);
    await this.#policy.ledger.recordSpend({
      runId,
      entryId: this.#entryId,
      ...(tenant === undefined ? {} : { tenant }),
      costUsd: message.total_cost_usd,
    });
    const verdict = await this.#policy.ledger.checkSpend(capsOf(this.#policy, this.#job));
    if (verdict.kind !== 'over') return;
    this.#over = overCap(verdict, true);
    // The CLI ended the turn on the budget the worker gave it: the run ends here, over its cap.
    if (message.subtype === 'error_max_budget_usd') this.#stop ??= this.#over;
  }

  /** Stops watching (idempotent). */
  end(): void {
    this.#ended.abort();
  }

  #halt(stop: RunStop): void {
    this.#stop ??= stop;
    this.#abort.abort();
    this.end();
  }

  async #poll(pollMs: number): Promise<void> {
    const { signal } = this.#ended;
    const runId = runIdOf(this.#job);
    while (!signal.aborted) {
      await sleep(pollMs, undefined, { signal }).catch(() => {});
      if (signal.aborted) return;
      try {
        const record = await this.#policy.ledger.get(runId);
        if (record?.status !== 'stopping' && record?.status !== 'pausing') continue;
        const settled = await this.#policy.ledger.settle(runId, { jobId: this.#job.id, started: true });
        if (settled !== null && !signal.aborted) this.#halt(controlStop(settled, true));
      } catch {
        // A store that is briefly away: the next poll tries again.
      }
    }
  }
}
