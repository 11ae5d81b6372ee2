import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TimedCall, ToolCallDeadlines } from './tool-call-deadlines.js';

function call(name: string, log: string[]): TimedCall & { expiredAt?: number } {
  const started = performance.now();
  const entry: TimedCall & { expiredAt?: number } = {
    deadline: 0,
    deadlinePrev: undefined,
    deadlineNext: undefined,
    hasDeadline: false,
    expire() {
      entry.expiredAt = performance.now() - started;
      log.push(name);
    },
  };
  return entry;
}

// The deadlines run on a fake clock (timers and `performance.now()`), so a busy machine cannot make
// one expire early or late relative to the test: time passes only when the test says.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('ToolCallDeadlines', () => {
  it('expires each call once its own limit has passed, not before', async () => {
    const deadlines = new ToolCallDeadlines();
    const log: string[] = [];
    const slow = call('slow', log);
    const fast = call('fast', log);
    deadlines.add(slow, 120);
    // A later call with a shorter limit re-arms the timer earlier.
    deadlines.add(fast, 30);
    await sleep(80);
    expect(log).toEqual(['fast']);
    expect(fast.expiredAt).toBeGreaterThanOrEqual(29);
    expect(deadlines.size).toBe(1);
    await sleep(80);
    expect(log).toEqual(['fast', 'slow']);
    expect(slow.expiredAt).toBeGreaterThanOrEqual(119);
    expect(deadlines.size).toBe(0);
  });

  it('never expires a call removed in time, from any position in the list', async () => {
    const deadlines = new ToolCallDeadlines();
    const log: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => call(name, log));
    for (const entry of calls) deadlines.add(entry, 40);
    deadlines.remove(calls[1] as TimedCall);
    deadlines.remove(calls[3] as TimedCall);
    deadlines.remove(calls[3] as TimedCall); // twice is harmless
    expect(deadlines.size).toBe(2);
    await sleep(90);
    expect(log.sort()).toEqual(['a', 'c']);
  });

  it('keeps serving calls added after the timer fired, and a call that throws in expire() stops no other', async () => {
    const deadlines = new ToolCallDeadlines();
    const log: string[] = [];
    const bad = call('bad', log);
    bad.expire = () => {
      log.push('bad');
      throw new Error('boom');
    };
    deadlines.add(bad, 10);
    deadlines.add(call('good', log), 10);
    await sleep(40);
    expect(log.sort()).toEqual(['bad', 'good']);
    deadlines.add(call('later', log), 10);
    await sleep(40);
    expect(log).toContain('later');
  });

  it('handles many sequential calls that finish in time without expiring any', async () => {
    const deadlines = new ToolCallDeadlines();
    const log: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const entry = call(`c${i}`, log);
      deadlines.add(entry, 20);
      deadlines.remove(entry);
    }
    await sleep(50);
    expect(log).toEqual([]);
    expect(deadlines.size).toBe(0);
  });
});
