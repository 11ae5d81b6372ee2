import { describe, expect, it } from 'vitest';
import type { AgentJobQueue } from './agent-job.js';
import { createAgentWorker } from './create-agent-worker.js';

/** A queue with nothing to do: the worker's own timers are the only ones it makes. */
function emptyQueue(): AgentJobQueue {
  const none = async () => {
    throw new Error('not used by an idle worker');
  };
  return {
    enqueue: none,
    fetch: async () => [],
    complete: none,
    fail: none,
    release: none,
    progress: none,
    get: async () => null,
    cancel: none,
    tryLock: none,
    close: async () => {},
  };
}

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('createAgentWorker', () => {
  it('close() leaves no timer behind: a closed worker does not hold the process up until its deadline', async () => {
    const before = timers();
    const worker = createAgentWorker({ queue: emptyQueue(), pollIntervalMs: 10 });
    expect(worker.running).toBe(0);
    expect(worker.paused).toBe(false);
    await worker.close({ deadlineMs: 60_000 });
    expect(timers()).toBe(before);
  });

  it('refuses a concurrency that is not a positive integer, and a backoff whose maximum is below its start', () => {
    expect(() => createAgentWorker({ queue: emptyQueue(), concurrency: 0 })).toThrow(TypeError);
    expect(() => createAgentWorker({ queue: emptyQueue(), backoff: { initialMs: 10, maxMs: 5 } })).toThrow(TypeError);
  });
});
