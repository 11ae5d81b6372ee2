import { describe, expect, it } from 'vitest';
import { WorkerBackoff } from './worker-backoff.js';

function clocked(options = { initialMs: 100, maxMs: 350 }) {
  let now = 1_000;
  const backoff = new WorkerBackoff(options, () => now);
  return { backoff, advance: (ms: number) => (now += ms) };
}

describe('WorkerBackoff', () => {
  it('claims every free slot until a run cannot start', () => {
    const { backoff } = clocked();
    expect(backoff.claimable(4)).toBe(4);
    expect(backoff.waitMs()).toBe(0);
    expect(backoff.paused).toBe(false);
  });

  it('pauses for a doubling delay, capped, then lets one probe through at a time', () => {
    const { backoff, advance } = clocked();
    expect(backoff.failed()).toBe(100);
    expect(backoff.claimable(4)).toBe(0);
    expect(backoff.waitMs()).toBe(100);
    advance(100);
    expect(backoff.claimable(4)).toBe(1);
    backoff.probeStarted();
    expect(backoff.claimable(4)).toBe(0);
    backoff.probeEnded();
    expect([backoff.failed(), backoff.failed(), backoff.failed()]).toEqual([200, 350, 350]);
    expect(backoff.failures).toBe(4);
    expect(backoff.waitMs()).toBe(350);
  });

  it('a run that gets through ends the pause and says how many failures it ended', () => {
    const { backoff } = clocked();
    backoff.failed();
    backoff.failed();
    expect(backoff.succeeded()).toBe(2);
    expect(backoff.claimable(3)).toBe(3);
    expect(backoff.succeeded()).toBe(0);
  });

  it('keeps the longest pause when failures of a burst overlap', () => {
    const { backoff, advance } = clocked({ initialMs: 100, maxMs: 1000 });
    backoff.failed();
    backoff.failed();
    advance(150);
    expect(backoff.waitMs()).toBe(50);
  });

  it('refuses a maximum below the initial delay', () => {
    expect(() => new WorkerBackoff({ initialMs: 500, maxMs: 100 })).toThrow(TypeError);
    expect(() => new WorkerBackoff({ initialMs: -1 })).toThrow(TypeError);
  });
});
