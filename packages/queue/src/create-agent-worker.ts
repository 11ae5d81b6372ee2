import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentPool, McpServerConfig, Options, SessionStore } from '@hexagent/sdk';
import type { AgentJobData, AgentJobQueue } from './agent-job.js';
import type { ClaimedJob } from './job-queue.js';
import { type JobOutcome, runAgentJob } from './run-agent-job.js';
import { WorkerBackoff, type WorkerBackoffOptions } from './worker-backoff.js';
import { type AgentWorkerEvents, type AgentWorkerListener, WorkerEventEmitter } from './worker-events.js';

/** What `createAgentWorker` takes. */
export interface AgentWorkerOptions {
  /** The queue to take agent jobs from. */
  queue: AgentJobQueue;
  /** The session store turns are mirrored to and resumed from (needed for follow-ups on any worker). */
  sessionStore?: SessionStore;
  /** The MCP servers jobs may name in `options.mcpServers` (in-process tools included). */
  servers?: Record<string, McpServerConfig>;
  /** Jobs run at once by this worker. Default 4. */
  concurrency?: number;
  /**
   * An agent pool every run goes through: its admission (running CLIs, memory budget, queue)
   * bounds this worker's CLIs (a job pins its session id, which a warm spare cannot take, so runs
   * start cold under that admission). Without one, each run starts
   * its own CLI under `concurrency`. The pool's profile is merged under `options` and the job's.
   */
  pool?: AgentPool;
  /** Options every run starts from (cwd, env, the CLI path...); a job's options override them. */
  options?: Options;
  /** Milliseconds between polls of an empty queue. Default 500. */
  pollIntervalMs?: number;
  /** Milliseconds before a job whose session is busy elsewhere is offered again. Default 1000. */
  busySessionDelayMs?: number;
  /**
   * When the worker cannot run a job (its CLI does not start: no credentials, a bad
   * `pathToClaudeCodeExecutable`; or cannot use the API: an account, rate limit or server error),
   * it claims nothing for `initialMs` (default 1 s), doubling with each such failure in a row up to
   * `maxMs` (default 60 s), then one job at a time until a run gets through. The failed attempts
   * count against their jobs' `retryLimit`; events `paused` and `resumed` say so.
   */
  backoff?: WorkerBackoffOptions;
  /** Called with errors of the worker loop itself (a lost database connection...). */
  onError?: (error: unknown) => void;
}

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
