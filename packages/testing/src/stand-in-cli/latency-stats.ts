import type { LatencyStats } from './stand-in-scenario.js';

/** The value at quantile `q` (0..1) of ascending `sorted`, by nearest rank; NaN when empty. */
function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

/** Summary of round trips in microseconds. */
export function latencyStats(values: Float64Array): LatencyStats {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    median: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
    min: sorted.length === 0 ? Number.NaN : (sorted[0] as number),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
  };
}
