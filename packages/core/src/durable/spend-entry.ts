/**
 * One line of the spend ledger: what one attempt of a run cost, as the CLI's results say
 * (`total_cost_usd`, cumulative over the attempt's CLI process). Keyed by `runId` and `entryId`: an
 * entry is written again as the attempt goes on and its cost only grows, so writing it twice (a retry,
 * a duplicate) counts it once.
 */
export interface SpendEntry {
  /** The run it belongs to. */
  runId: string;
  /** The attempt within the run (the queue uses `<job id>#<attempt>`). */
  entryId: string;
  /** The tenant the run spends for, when it has one. */
  tenant?: string;
  /** The UTC day of the entry's first write, `YYYY-MM-DD` (the store's clock). */
  day: string;
  /** Dollars spent so far by the attempt. */
  costUsd: number;
}

/** The UTC day of `epochMs`, as `YYYY-MM-DD`: the bucket of a tenant's daily cap. */
export function spendDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
