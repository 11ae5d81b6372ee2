import { describe, expect, it } from 'vitest';
import { checkSpend } from './spend-cap.js';
import { spendDay } from './spend-entry.js';

describe('checkSpend', () => {
  it('is within without caps, and says what is left under the tighter cap', () => {
    expect(checkSpend({}, { runUsd: 5, tenantTodayUsd: 50 })).toEqual({ kind: 'within' });
    expect(checkSpend({ runCapUsd: 2, tenantDailyCapUsd: 10 }, { runUsd: 0.5, tenantTodayUsd: 9 })).toEqual({
      kind: 'within',
      remainingUsd: 1,
    });
    expect(checkSpend({ runCapUsd: 2 }, { runUsd: 0.5, tenantTodayUsd: 100 })).toEqual({
      kind: 'within',
      remainingUsd: 1.5,
    });
  });

  it('is over once the spend reaches a cap, the tenant first', () => {
    expect(checkSpend({ runCapUsd: 1 }, { runUsd: 1, tenantTodayUsd: 0 })).toEqual({
      kind: 'over',
      cap: 'run',
      capUsd: 1,
      spentUsd: 1,
    });
    expect(checkSpend({ runCapUsd: 1, tenantDailyCapUsd: 3 }, { runUsd: 2, tenantTodayUsd: 3.5 })).toEqual({
      kind: 'over',
      cap: 'tenant',
      capUsd: 3,
      spentUsd: 3.5,
    });
    expect(checkSpend({ tenantDailyCapUsd: 0 }, { runUsd: 0, tenantTodayUsd: 0 })).toMatchObject({ kind: 'over' });
  });
});

describe('spendDay', () => {
  it('buckets by UTC day', () => {
    expect(spendDay(Date.UTC(2026, 10, 28, 23, 59, 59, 999))).toBe('2026-11-28');
    expect(spendDay(Date.UTC(2026, 10, 29))).toBe('2026-11-29');
  });
});
