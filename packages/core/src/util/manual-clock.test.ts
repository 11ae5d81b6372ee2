import { describe, expect, it } from 'vitest';
import { ManualClock } from './manual-clock.js';

describe('ManualClock', () => {
  it('reads the time it was given and moves only when advanced', () => {
    const clock = new ManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
    clock.advance(-5);
    expect(clock.now()).toBe(1_250);
  });

  it('fires due timers in order of due time, then of creation, each at its own time', () => {
    const clock = new ManualClock();
    const fired: Array<[string, number]> = [];
    clock.setTimeout(() => fired.push(['b', clock.now()]), 20);
    clock.setTimeout(() => fired.push(['a', clock.now()]), 10);
    clock.setTimeout(() => fired.push(['c', clock.now()]), 20);
    clock.setTimeout(() => fired.push(['late', clock.now()]), 31);
    clock.advance(19);
    expect(fired).toEqual([['a', 10]]);
    clock.advance(11);
    expect(fired).toEqual([
      ['a', 10],
      ['b', 20],
      ['c', 20],
    ]);
    expect(clock.pendingTimers).toBe(1);
    expect(clock.now()).toBe(30);
  });

  it('fires timers set by callbacks when they fall due within the same advance', () => {
    const clock = new ManualClock();
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 5);
    }, 5);
    clock.advance(10);
    expect(fired).toEqual([5, 10]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('clears timers; unknown handles are ignored', () => {
    const clock = new ManualClock();
    let fired = false;
    const handle = clock.setTimeout(() => {
      fired = true;
    }, 1);
    clock.clearTimeout(handle);
    clock.clearTimeout(undefined);
    clock.clearTimeout('not a handle');
    clock.advance(10);
    expect(fired).toBe(false);
  });

  it('takes a delay Node.js would not take (0, negative, NaN, over 2^31-1) as 1 ms', () => {
    const clock = new ManualClock();
    const fired: number[] = [];
    for (const delay of [0, -1, Number.NaN, 2 ** 31]) clock.setTimeout(() => fired.push(clock.now()), delay);
    clock.advance(1);
    expect(fired).toEqual([1, 1, 1, 1]);
  });
});
