import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentJobData } from './agent-job.js';
import type { AgentWorkerOptions } from './agent-worker-options.js';
import type { ClaimedJob } from './job-queue.js';
import { runAgentJob } from './run-agent-job.js';

/** A running agent worker. */
export interface AgentWorker {
  /** Jobs running now. */
  readonly running: number;
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

  const start = (job: ClaimedJob<AgentJobData>) => {
    const abort = new AbortController();
    const done = runAgentJob(job, { ...options, signal: abort.signal, closing: stop.signal })
      .catch(onError)
      .finally(() => {
        active.delete(job.id);
        wake?.();
      });
    active.set(job.id, { done, abort });
  };

  const loop = (async () => {
    while (!stop.signal.aborted) {
      const free = concurrency - active.size;
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
      if (claimed > 0 && active.size < concurrency) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        sleep(options.pollIntervalMs ?? 500, undefined, { signal: stop.signal }).then(resolve, resolve);
      });
      wake = undefined;
    }
  })();

  let closing: Promise<void> | undefined;
  return {
    get running() {
      return active.size;
    },
    close(closeOptions = {}) {
      closing ??= (async () => {
        stop.abort();
        await loop;
        const all = () => Promise.all([...active.values()].map((run) => run.done));
        const deadline = sleep(closeOptions.deadlineMs ?? 30_000, 'late' as const);
        if ((await Promise.race([all().then(() => 'done' as const), deadline])) === 'late') {
          for (const run of active.values()) run.abort.abort();
          await all();
        }
      })();
      return closing;
    },
  };
}
