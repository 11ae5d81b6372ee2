import type { Section } from './options.js';
import type { StandInMode } from './workload.js';

/** One stand-in workload of the report: what each client runs in a fresh process, every round. */
export interface Workload {
  key: string;
  section: Section;
  mode: StandInMode;
  count: number;
  concurrency: number;
  warmup: number;
  heapSampleEvery?: number;
  /** Measure the second query of the process, after a full GC (see `TrialSpec.secondQuery`). */
  secondQuery?: boolean;
  /** Rounds relative to `--rounds`. */
  roundsFactor?: number;
  /** Run the client and the stand-in together on CPU 0 (when pinning is possible). */
  pin?: boolean;
}

const FULL_SIZE: Workload[] = [
  // Measured after 2,000 warm-up calls, as the concurrent trial is: what a call costs once the
  // process is warm (docs/performance.md#tier-up).
  {
    key: 'sequential',
    section: 'sequential',
    mode: 'tools',
    count: 3000,
    concurrency: 1,
    warmup: 2000,
    roundsFactor: 2,
    pin: true,
  },
  // The same 3,000 calls after only 300 warm-up calls (this trial's setting until 2026-11-21):
  // calls 301 to 3,300 of a fresh process, most of them before the path is optimized.
  {
    key: 'sequentialEarly',
    section: 'sequential',
    mode: 'tools',
    count: 3000,
    concurrency: 1,
    warmup: 300,
    roundsFactor: 2,
    pin: true,
  },
  { key: 'concurrent', section: 'concurrent', mode: 'tools', count: 20_000, concurrency: 32, warmup: 2000 },
  { key: 'stream100k', section: 'stream', mode: 'stream', count: 100_000, concurrency: 1, warmup: 0, roundsFactor: 2 },
  // The same 100k, measured after 20k warm-up messages in the same stream, as the tool-call trials
  // are measured after theirs: what a message costs once the process is warm.
  {
    key: 'stream100kWarm',
    section: 'stream',
    mode: 'stream',
    count: 100_000,
    concurrency: 1,
    warmup: 20_000,
    roundsFactor: 2,
  },
  // The same 100k as the second query of a process, after a full GC: what a stream costs in a
  // long-lived agent process, without the first query's one-time costs (lazy loading, the GC of
  // the startup garbage, which otherwise lands in the stream).
  {
    key: 'stream100kSecond',
    section: 'stream',
    mode: 'stream',
    count: 100_000,
    concurrency: 1,
    warmup: 0,
    roundsFactor: 2,
    secondQuery: true,
  },
  { key: 'mem10k', section: 'memory', mode: 'stream', count: 10_000, concurrency: 1, warmup: 0, heapSampleEvery: 1000 },
  {
    key: 'mem100k',
    section: 'memory',
    mode: 'stream',
    count: 100_000,
    concurrency: 1,
    warmup: 0,
    heapSampleEvery: 1000,
  },
];

/** The workloads of the report, their sizes scaled by `scale` (1, or 0.02 for `--quick`) and rounded up. */
export function benchWorkloads(scale: number): Workload[] {
  return FULL_SIZE.map((workload) => ({
    ...workload,
    count: Math.ceil(workload.count * scale),
    warmup: Math.ceil(workload.warmup * scale),
    ...(workload.heapSampleEvery !== undefined && { heapSampleEvery: Math.ceil(workload.heapSampleEvery * scale) }),
  }));
}

/** The workload named `key`. @throws Error when there is none. */
export function workloadByKey(workloads: readonly Workload[], key: string): Workload {
  const found = workloads.find((workload) => workload.key === key);
  if (found === undefined) throw new Error(`no workload ${key}`);
  return found;
}
