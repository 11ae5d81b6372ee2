/**
 * A worker that cannot start the CLI (a `pathToClaudeCodeExecutable` that is not there) on pg-boss
 * (embedded PostgreSQL): its jobs end `failed` with that reason once their retries are used, the
 * worker pauses between attempts instead of hot-looping, and its events say so. No CLI runs.
 */
import { TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  AgentJobFailedError,
  type AgentJobQueue,
  type AgentWorker,
  type AgentWorkerEvents,
  createAgentWorker,
  enqueueAgentRun,
  pgBossQueue,
} from '../src/index.js';

const connectionString = inject('postgresUrl');
const scope = new TestScope();
afterEach(() => scope.cleanup());

type Seen = { at: number } & (
  | ({ event: 'failed' } & AgentWorkerEvents['failed'])
  | ({ event: 'paused' } & AgentWorkerEvents['paused'])
  | ({ event: 'resumed' } & AgentWorkerEvents['resumed'])
);

function record(worker: AgentWorker): Seen[] {
  const seen: Seen[] = [];
  worker.on('failed', (event) => seen.push({ at: performance.now(), event: 'failed', ...event }));
  worker.on('paused', (event) => seen.push({ at: performance.now(), event: 'paused', ...event }));
  worker.on('resumed', (event) => seen.push({ at: performance.now(), event: 'resumed', ...event }));
  return seen;
}

function brokenWorker(queue: AgentJobQueue): AgentWorker {
  const worker = createAgentWorker({
    queue,
    concurrency: 3,
    pollIntervalMs: 50,
    backoff: { initialMs: 200, maxMs: 600 },
    options: { pathToClaudeCodeExecutable: '/nonexistent/claude', settingSources: [] },
  });
  scope.defer(() => worker.close({ deadlineMs: 1000 }));
  return worker;
}

describe('a worker that cannot start the CLI', () => {
  it('fails its jobs with that reason after the retry limit, pausing between attempts, and says so', async () => {
    const queue = pgBossQueue({ connectionString, name: `nocli-${Date.now()}` });
    scope.defer(() => queue.close());
    const runs = await Promise.all([1, 2, 3].map((i) => enqueueAgentRun(queue, { prompt: `job ${i}`, retryLimit: 2 })));
    const worker = brokenWorker(queue);
    const seen = record(worker);

    const errors = await Promise.all(runs.map((run) => run.result({ pollMs: 50 }).catch((error: unknown) => error)));
    for (const error of errors) {
      expect(AgentJobFailedError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        state: 'failed',
        jobError: {
          code: 'CLI_NOT_FOUND',
          name: 'CliNotFoundError',
          message: expect.stringMatching(/\/nonexistent\/claude/),
        },
      });
    }
    for (const run of runs) {
      expect(await run.state()).toMatchObject({ state: 'failed', retryCount: 2, error: { code: 'CLI_NOT_FOUND' } });
    }

    // Bounded: 3 attempts per job, every one said so; the last of each job is final.
    const failed = seen.filter((event) => event.event === 'failed');
    expect(failed).toHaveLength(9);
    expect(failed.every((event) => event.workerFault && event.error.code === 'CLI_NOT_FOUND')).toBe(true);
    expect(failed.filter((event) => event.final).map((event) => event.attempt)).toEqual([2, 2, 2]);
    const paused = seen.filter((event) => event.event === 'paused');
    expect(paused.map((event) => event.failures)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(paused.map((event) => event.delayMs)).toEqual([200, 400, 600, 600, 600, 600, 600, 600, 600]);
    expect(paused.every((event) => event.error.code === 'CLI_NOT_FOUND')).toBe(true);
    expect(seen.some((event) => event.event === 'resumed')).toBe(false);

    // No hot loop: after the first claim (3 jobs at once), one attempt per pause, never before it ends.
    const afterBurst = seen.slice(seen.findIndex((event) => event.event === 'paused' && event.failures === 3));
    for (let i = 0; i + 2 < afterBurst.length; i += 2) {
      const pause = afterBurst[i];
      const next = afterBurst[i + 1];
      expect(pause?.event).toBe('paused');
      expect(next?.event).toBe('failed');
      if (pause?.event !== 'paused' || next === undefined) continue;
      // Timers never fire early; 2 ms for the clock's rounding.
      expect(next.at - pause.at).toBeGreaterThanOrEqual(pause.delayMs - 2);
    }
    expect(worker.paused).toBe(true);
  }, 60_000);
});
