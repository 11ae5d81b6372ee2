import { describe, expect, it } from 'vitest';
import { defaultMemoryBudgetMb, machineMemory } from '../src/default-memory-budget.js';

const GIB = 2 ** 30;

describe('defaultMemoryBudgetMb: the budget of a pool made without memoryBudgetMb', () => {
  it('is half the machine memory when no cgroup limit is set and that much is available', () => {
    expect(defaultMemoryBudgetMb({ totalBytes: 24 * GIB, availableBytes: 20 * GIB })).toBe(12 * 1024);
    // Node reports "no limit" as 2^64 (cgroup v2 `max`) or 2^63 rounded to a page (cgroup v1), or 0.
    for (const none of [2 ** 64, 2 ** 63, 0]) {
      expect(defaultMemoryBudgetMb({ totalBytes: 24 * GIB, availableBytes: 20 * GIB, cgroupLimitBytes: none })).toBe(
        12 * 1024,
      );
    }
  });

  it('is half the cgroup limit when one is set below the machine memory', () => {
    expect(defaultMemoryBudgetMb({ totalBytes: 64 * GIB, availableBytes: 60 * GIB, cgroupLimitBytes: 4 * GIB })).toBe(
      2048,
    );
  });

  it('never exceeds the memory available when the pool is made', () => {
    expect(defaultMemoryBudgetMb({ totalBytes: 24 * GIB, availableBytes: 3 * GIB })).toBe(3 * 1024);
    expect(defaultMemoryBudgetMb({ totalBytes: 24 * GIB, availableBytes: 0 })).toBe(1);
  });

  it('reads this machine: a positive whole number of MB, at most half its memory', () => {
    const memory = machineMemory();
    const budget = defaultMemoryBudgetMb();
    expect(Number.isInteger(budget)).toBe(true);
    expect(budget).toBeGreaterThan(0);
    expect(budget).toBeLessThanOrEqual(memory.totalBytes / 2 / 2 ** 20);
  });
});
