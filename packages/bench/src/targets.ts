/**
 * The targets the bench judges hexagent by, from the medians of the report. The throughput targets
 * are judged on the warm readings (after a warm-up in the same process), the same way for tool calls
 * and streaming; the first-use readings follow each, for information: what a client costs before V8
 * has optimized its path, which no target names.
 */
import { fmt, times } from './format.js';
import type { ClientName } from './workload.js';
import type { Workload } from './workloads.js';

/** A target's outcome: met, not met, for information only, or not run. */
export type TargetVerdict = boolean | 'info' | undefined;

/** One line of the targets table. */
export interface Target {
  target: string;
  measured: string;
  ok: TargetVerdict;
}

/** The medians of one report row, by client. */
export type ClientMedians = Record<ClientName, number>;

/** What the targets are judged on. */
export interface TargetInput {
  /** The medians of the report's rows that ran, by row key (`seq`, `conc`, `rateWarm`, `heap10`, ...). */
  medians: ReadonlyMap<string, ClientMedians>;
  /** The workloads whose settings the targets name, by key (`sequential`, `concurrent`, ...). */
  workload: (key: string) => Workload;
  /** Startup medians, when the startup section ran. */
  startup?: { importHexagentMs: number; importOfficialMs: number; mcpSdkLoadedWithoutServers: boolean };
}

/** The table's last column for a verdict. */
export function verdict(ok: TargetVerdict): string {
  return ok === 'info' ? 'for information' : ok === undefined ? 'not run' : ok ? 'met' : '**not met**';
}

/** Judges every target whose readings ran, in the report's order. */
export function judgeTargets({ medians, workload, startup }: TargetInput): Target[] {
  const targets: Target[] = [];
  const ratios = (m: ClientMedians) => `${times(m.hexagent / m.floor)} (official ${times(m.official / m.floor)})`;
  const seq = workload('sequential');
  const seqEarly = workload('sequentialEarly');
  for (const [key, when, judged] of [
    ['seq', `after ${fmt(seq.warmup)} warm-up calls`, true],
    ['seqEarly', `after ${fmt(seqEarly.warmup)} warm-up calls`, false],
  ] as const) {
    const m = medians.get(key);
    if (m === undefined) continue;
    targets.push({
      target: `sequential round trip <= 1.25x floor, ahead of official (${when})`,
      measured: ratios(m),
      ok: judged ? m.hexagent <= 1.25 * m.floor && m.hexagent < m.official : 'info',
    });
  }
  const conc = workload('concurrent');
  const concM = medians.get('conc');
  if (concM !== undefined) {
    targets.push({
      target: `concurrent (K=${conc.concurrency}) <= 1.5x floor, ahead of official (after ${fmt(conc.warmup)} warm-up calls)`,
      measured: ratios(concM),
      ok: concM.hexagent <= 1.5 * concM.floor && concM.hexagent < concM.official,
    });
  }
  for (const [key, when, judged] of [
    ['rateWarm', `after ${fmt(workload('stream100kWarm').warmup)} warm-up messages`, true],
    ['rate', 'from the start of a fresh process', false],
    ['rateSecond', 'second query of a long-lived process', false],
  ] as const) {
    const m = medians.get(key);
    if (m === undefined) continue;
    targets.push({
      target: `streaming >= 0.9x the floor's msg/s (${when})`,
      measured: ratios(m),
      ok: judged ? m.hexagent >= 0.9 * m.floor : 'info',
    });
  }
  const heap10 = medians.get('heap10');
  const heap100 = medians.get('heap100');
  if (heap10 !== undefined && heap100 !== undefined) {
    targets.push({
      target: 'memory flat in N: live heap at 100k within 1 MiB of 10k',
      measured: `${fmt(heap10.hexagent, 1)} -> ${fmt(heap100.hexagent, 1)} MiB (floor ${fmt(heap10.floor, 1)} -> ${fmt(heap100.floor, 1)})`,
      ok: heap100.hexagent - heap10.hexagent <= 1,
    });
  }
  if (startup !== undefined) {
    const { importHexagentMs: importH, importOfficialMs: importO, mcpSdkLoadedWithoutServers: loaded } = startup;
    targets.push({
      target: 'import <= 0.5x official',
      measured: times(importH / importO),
      ok: importH <= 0.5 * importO,
    });
    targets.push({
      target: 'no MCP SDK without in-process servers',
      measured: loaded ? 'loaded' : 'not loaded',
      ok: !loaded,
    });
  }
  return targets;
}
