/** What a run may spend: a cap for the run and one for its tenant per UTC day, in dollars. */
export interface SpendLimits {
  /** The run's cap over all its attempts and continuations. */
  runCapUsd?: number;
  /** The tenant's cap per UTC day, over all its runs. */
  tenantDailyCapUsd?: number;
}

/** What has been spent, as the ledger sums it. */
export interface SpendTotals {
  /** By the run. */
  runUsd: number;
  /** By the run's tenant today (0 without a tenant). */
  tenantTodayUsd: number;
}

/** Whether a run may spend more, and how much (`remainingUsd`, absent when no cap applies). */
export type SpendVerdict =
  | { kind: 'within'; remainingUsd?: number }
  | { kind: 'over'; cap: 'run' | 'tenant'; capUsd: number; spentUsd: number };

/**
 * The spend rule: a run is over when what it (or its tenant today) spent reached the cap; else it
 * may spend the smaller of what is left under each cap. Pure: the totals come from the store.
 */
export function checkSpend(limits: SpendLimits, totals: SpendTotals): SpendVerdict {
  const caps = [
    { cap: 'tenant' as const, capUsd: limits.tenantDailyCapUsd, spentUsd: totals.tenantTodayUsd },
    { cap: 'run' as const, capUsd: limits.runCapUsd, spentUsd: totals.runUsd },
  ];
  let remainingUsd: number | undefined;
  for (const { cap, capUsd, spentUsd } of caps) {
    if (capUsd === undefined) continue;
    if (spentUsd >= capUsd) return { kind: 'over', cap, capUsd, spentUsd };
    remainingUsd = Math.min(remainingUsd ?? Number.POSITIVE_INFINITY, capUsd - spentUsd);
  }
  return remainingUsd === undefined ? { kind: 'within' } : { kind: 'within', remainingUsd };
}
