import type { PoolCliKind } from './pool-events.js';

/** Queue-wait percentiles over the most recent admissions, ms. */
export interface PoolWaitStats {
  /** Admissions the percentiles cover (at most the last 10,000). */
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** One CLI process tree as last measured. */
export interface PoolChildStats {
  pid: number;
  kind: PoolCliKind;
  key: string | undefined;
  /** RSS of the CLI and its descendants at the last sample, MB. */
  rssMb: number;
  /** The highest RSS seen for it, MB. */
  peakRssMb: number;
}

/** A snapshot of an agent pool: `pool.stats()`. */
export interface AgentPoolStats {
  /** Warm spares parked and ready to claim. */
  spares: number;
  /** Spares starting (recycled CLIs running their `/clear` included). */
  sparesStarting: number;
  /** Queries whose CLI runs (each holds a running slot). */
  busy: number;
  /** Queries waiting for admission. */
  queued: number;
  /** Queries admitted, and rejected without admission, since the pool started. */
  admitted: number;
  rejected: number;
  /** CLIs recycled since the pool started (`recycle`): reset by `/clear` and parked for another query. */
  recycled: number;
  /**
   * The kind of spare the pool starts now: `spareStart`, with `'auto'` resolved (`'startup'` until
   * the first query a startup spare cannot serve, `'prewarm'` after).
   */
  spareStart: 'prewarm' | 'startup';
  /** Time in the queue of admitted queries (0 for those admitted at once). */
  queueWaitMs: PoolWaitStats;
  memory: {
    /** The memory budget: `memoryBudgetMb`, or the default derived from the machine's memory when left out. */
    budgetMb: number;
    /** Reserved for every CLI held (estimates, raised to measured peaks). */
    reservedMb: number;
    /** What a CLI not yet measured is expected to take. */
    estimateMb: number;
    /** RSS of every CLI tree at the last sample, summed. */
    totalRssMb: number;
    /** The highest `totalRssMb` sampled. */
    peakTotalRssMb: number;
    children: PoolChildStats[];
  };
  closed: boolean;
}

const KEEP = 10_000;

/** The last {@link KEEP} queue waits, and their percentiles (nearest rank). */
export class WaitTimes {
  private readonly values: number[] = [];
  private next = 0;

  record(ms: number): void {
    if (this.values.length < KEEP) this.values.push(ms);
    else this.values[this.next] = ms;
    this.next = (this.next + 1) % KEEP;
  }

  stats(): PoolWaitStats {
    const sorted = [...this.values].sort((a, b) => a - b);
    const rank = (p: number) => (sorted.length === 0 ? 0 : (sorted[Math.ceil(p * sorted.length) - 1] as number));
    return {
      count: sorted.length,
      p50: rank(0.5),
      p95: rank(0.95),
      p99: rank(0.99),
      max: sorted.length === 0 ? 0 : (sorted[sorted.length - 1] as number),
    };
  }
}
