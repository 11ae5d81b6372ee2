import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentJobData } from './agent-job.js';
import type { AgentWorkerOptions } from './agent-worker-options.js';
import type { ClaimedJob } from './job-queue.js';
import { type JobOutcome, runAgentJob } from './run-agent-job.js';
import { WorkerBackoff } from './worker-backoff.js';
import { type AgentWorkerEvents, type AgentWorkerListener, WorkerEventEmitter } from './worker-events.js';

/** A running agent worker. */
export interface AgentWorker {
  /** Jobs running now. */
  readonly running: number;
  /** True while the worker is paused after failing to run jobs (see `backoff`). */
  readonly paused: boolean;
  /** Listen to one of the worker's events; returns a function that stops listening. */
  on<E extends keyof AgentWorkerEvents>(event: E, listener: AgentWorkerListener<E>): () => void;
  /**
   * Stop taking jobs and wait for the running ones up to `deadlineMs` (default 30 s); then abort
   * them (their CLIs are stopped) and hand their jobs back to the queue for another worker.
   */
  close(options?: { deadlineMs?: number }): Promise<void>;
}

/**
 * Start a worker that runs queued agent turns: each job takes the per-session lock (a PostgreSQL
 * advisory lock with `pgBossQueue`), resumes its session from `sessionStore` when it continues one,
 * runs the query and records the result and progress on the job.
 *
 * @example
 * ```ts
 * const worker = createAgentWorker({ queue, sessionStore, servers: { calc }, concurrency: 4 });
 * worker.on('failed', ({ jobId, error, final }) => final && console.error(`job ${jobId}: ${error.message}`));
 * worker.on('paused', ({ error, delayMs }) => console.warn(`cannot run jobs (${error.message}); retrying in ${delayMs} ms`));
 * process.on('SIGTERM', () => worker.close({ deadlineMs: 20_000 }));
 * ```
 */
export function createAgentWorker(options: AgentWorkerOptions): AgentWorker {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError('concurrency must be a positive integer');
  const active = new Map<string, { done: Promise<void>; abort: AbortController }>();
  const stop = new AbortController();
  let wake: (() => void) | undefined;
  const onError = options.onError ?? (() => {});
  const events = new WorkerEventEmitter();
  const backoff = new WorkerBackoff(options.backoff);

  const report = (job: ClaimedJob<AgentJobData>, outcome: JobOutcome) => {
    const { id: jobId, retryCount: attempt } = job;
    const { sessionId } = job.data;
    if (outcome.kind === 'released') {
      events.emit('released', { jobId, sessionId, reason: outcome.reason });
      return;
    }
    if (outcome.kind === 'completed') events.emit('completed', { jobId, sessionId, attempt });
    else {
      const final = job.retryLimit === undefined ? undefined : attempt >= job.retryLimit;
      const { error, workerFault } = outcome;
      events.emit('failed', { jobId, sessionId, attempt, error, final, workerFault });
      if (workerFault) {
        const delayMs = backoff.failed();
        events.emit('paused', { error, delayMs, failures: backoff.failures });
        return;
      }
    }
    const failures = backoff.succeeded();
    if (failures > 0) events.emit('resumed', { failures });
  };

  const start = (job: ClaimedJob<AgentJobData>) => {
    const abort = new AbortController();
    const probe = backoff.paused;
    if (probe) backoff.probeStarted();
    const done = runAgentJob(job, { ...options, signal: abort.signal, closing: stop.signal })
      .then((outcome) => report(job, outcome))
      .catch(onError)
      .finally(() => {
        if (probe) backoff.probeEnded();
        active.delete(job.id);
        wake?.();
      });
    active.set(job.id, { done, abort });
  };

  const loop = (async () => {
    while (!stop.signal.aborted) {
      const free = backoff.claimable(concurrency - active.size);
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await options.queue.fetch(free);
          claimed = jobs.length;
          for (const job of jobs) start(job);
        } catch (error) {
          onError(error);
        }
      }
      if (claimed > 0 && backoff.claimable(concurrency - active.size) > 0) continue;
      // Paused: wait out the pause (a job ending wakes the loop early, to re-check).
      const waitMs = backoff.waitMs() || (options.pollIntervalMs ?? 500);
      await new Promise<void>((resolve) => {
        wake = resolve;
        sleep(waitMs, undefined, { signal: stop.signal }).then(resolve, resolve);
      });
      wake = undefined;
    }
  })();

  let closing: Promise<void> | undefined;
  return {
    get running() {
      return active.size;
    },
    get paused() {
      return backoff.paused;
    },
    on: (event, listener) => events.on(event, listener),
    close(closeOptions = {}) {
      closing ??= (async () => {
        stop.abort();
        await loop;
        const all = () => Promise.all([...active.values()].map((run) => run.done));
        // Cancelled once the runs are done, so a closed worker does not hold the process up.
        const timer = new AbortController();
        const deadline = sleep(closeOptions.deadlineMs ?? 30_000, 'late' as const, { signal: timer.signal }).catch(
          () => 'cancelled' as const,
        );
        const first = await Promise.race([all().then(() => 'done' as const), deadline]);
        timer.abort();
        if (first === 'late') {
          for (const run of active.values()) run.abort.abort();
          await all();
        }
      })();
      return closing;
    },
  };
}
