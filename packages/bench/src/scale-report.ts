import type { TreeSample } from './scale-sampler.js';
import { SCALE_SETUPS, type ScaleTrialResult, SETUP_LABELS } from './scale-workload.js';
import { median } from './stats.js';

/** One trial of the cost-at-scale bench with what was sampled around it. */
export interface ScaleRun {
  /** The run it belongs to (0-based). */
  run: number;
  result: ScaleTrialResult;
  sample: TreeSample;
  /** The 1-minute load average before and after the trial. */
  loadBefore: number;
  loadAfter: number;
}

/** The bench's settings, for the report's heading. */
export interface ScaleReportSettings {
  queriesPerSession: number;
  toolCalls: number;
  modelMs: number;
  cpus: number;
  standIn: boolean;
}

/** Queries a minute of one trial. */
export const queriesPerMinute = (result: ScaleTrialResult) => result.ok / (result.wallMs / 60_000);

/** CPU seconds per successful query: the SDK process, the CLIs. */
export function cpuPerQuery(result: ScaleTrialResult): { sdk: number; cli: number } {
  const per = Math.max(result.ok, 1) * 1000;
  return { sdk: result.sdkCpuMs / per, cli: result.cliCpuMs / per };
}

/** The Markdown report: one row per number of sessions and setup, medians over the runs with their ranges. */
export function renderScaleReport(runs: readonly ScaleRun[], settings: ScaleReportSettings): string[] {
  const { queriesPerSession, toolCalls, modelMs, cpus, standIn } = settings;
  const runCount = new Set(runs.map((r) => r.run)).size;
  const loads = runs.flatMap((r) => [r.loadBefore, r.loadAfter]).filter(Number.isFinite);
  const lines = [
    `## Cost at scale: sessions at once, ${queriesPerSession} queries each, ${toolCalls} in-process tool calls per query`,
    '',
    `${standIn ? 'Stand-in CLI (no model)' : `Real CLI, scripted model on 127.0.0.1 answering after ${modelMs} ms`}; ` +
      `${cpus} CPUs; medians of ${runCount} run(s), [min-max]; load average ${fmt1(Math.min(...loads))}-${fmt1(Math.max(...loads))} ` +
      '(before and after each trial in the JSON). CPU per query from procfs: the SDK process (utime + stime) and the ' +
      'CLIs (its cutime + cstime once all were reaped); "CPU used" is both over the wall time, as a share of all CPUs.',
    '',
    '| sessions | setup | queries / min | query p50 / p95, s | CPU s per query: SDK process + CLIs | CPU used | peak CLIs RSS, MB | peak CLIs PSS, MB | SDK process RSS, MB | failed | load before / after |',
    '|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  const sessionCounts = [...new Set(runs.map((r) => r.result.spec.sessions))].sort((a, b) => a - b);
  for (const sessions of sessionCounts) {
    for (const setup of SCALE_SETUPS) {
      const trials = runs.filter((r) => r.result.spec.sessions === sessions && r.result.spec.setup === setup);
      if (trials.length === 0) continue;
      const results = trials.map((t) => t.result);
      const qpm = results.map(queriesPerMinute);
      const sdk = results.map((r) => cpuPerQuery(r).sdk);
      const cli = results.map((r) => cpuPerQuery(r).cli);
      const used = results.map((r) => (r.sdkCpuMs + r.cliCpuMs) / (r.wallMs * cpus));
      const p50 = results.map((r) => percentile(r.queryMs, 0.5) / 1000);
      const p95 = results.map((r) => percentile(r.queryMs, 0.95) / 1000);
      const failed = results.reduce((sum, r) => sum + r.failed + r.unreaped, 0);
      lines.push(
        `| ${sessions} | ${SETUP_LABELS[setup]} | ${ranged(qpm, 1)} | ${fmt1(median(p50))} / ${fmt1(median(p95))} | ` +
          `${fmt2(median(sdk))} + ${fmt2(median(cli))} = ${ranged(
            results.map((r) => cpuPerQuery(r).sdk + cpuPerQuery(r).cli),
            2,
          )} | ${Math.round(median(used) * 100)}% | ${ranged(
            trials.map((t) => t.sample.peakCliRssMb),
            0,
          )} | ${ranged(
            trials.map((t) => t.sample.peakCliPssMb),
            0,
          )} | ${Math.round(median(trials.map((t) => t.sample.peakSdkRssMb)))} | ${failed} | ${trials
            .map((t) => `${fmt1(t.loadBefore)} / ${fmt1(t.loadAfter)}`)
            .join(', ')} |`,
      );
    }
  }
  const failures = runs.flatMap((r) => Object.entries(r.result.failures).map(([what, n]) => [r, what, n] as const));
  for (const [r, what, n] of failures) {
    lines.push('', `run ${r.run + 1}, ${r.result.spec.sessions} sessions, ${r.result.spec.setup}: ${n} x ${what}`);
  }
  const recycled = runs.filter((r) => r.result.spec.setup === 'pool-recycle');
  if (recycled.length > 0) {
    lines.push(
      '',
      `CLIs recycled per recycle trial: ${recycled.map((r) => `${r.result.spec.sessions}: ${r.result.recycled}`).join(', ')}.`,
    );
    for (const r of recycled) {
      for (const [what, n] of Object.entries(r.result.recycleFailures ?? {})) {
        lines.push('', `run ${r.run + 1}, ${r.result.spec.sessions} sessions, recycle failed: ${n} x ${what}`);
      }
    }
  }
  return lines;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

function ranged(values: readonly number[], digits: number): string {
  const f = (n: number) => n.toFixed(digits);
  return values.length === 1
    ? f(values[0] as number)
    : `${f(median(values))} [${f(Math.min(...values))}-${f(Math.max(...values))}]`;
}

const fmt1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const fmt2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');
