import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the stand-in CLI does on the first user message, chosen by {@link ENV.mode}:
 * - `stream`: N `assistant` messages, then a `result`;
 * - `tools`: N `tools/call` requests over `mcp_message`, K in flight (K = 1: one after another),
 *   each answer awaited, then a `result`.
 */
export type StandInMode = 'stream' | 'tools';

/** The environment variables the stand-in CLI reads (the clients pass them through `options.env`). */
export const ENV = {
  mode: 'HEXAGENT_BENCH_MODE',
  /** Messages to stream, or measured tool calls. */
  count: 'HEXAGENT_BENCH_N',
  /** Tool calls in flight at once (default 1). */
  concurrency: 'HEXAGENT_BENCH_K',
  /** Unmeasured tool calls before the measured ones (default 0). */
  warmup: 'HEXAGENT_BENCH_WARMUP',
  /** The in-process server to call (default: the first of `sdkMcpServers` in `initialize`). */
  server: 'HEXAGENT_BENCH_SERVER',
  /** When set, the stand-in also writes its report (JSON) to this file. */
  reportFile: 'HEXAGENT_BENCH_REPORT',
  /** When set (Linux), the stand-in moves itself to this CPU with `taskset`. */
  standInCpu: 'HEXAGENT_BENCH_STAND_IN_CPU',
} as const;

/** The in-process server and tool every client serves: `mcp__bench__add`, `{ a, b }` -> `a + b` as text. */
export const SERVER_NAME = 'bench';
export const TOOL_NAME = 'add';
export const TOOL_DESCRIPTION = 'Add two numbers';

/** The field of the stand-in's final `result` message that carries its report. */
export const REPORT_FIELD = 'hexagent_bench';

/** Round-trip statistics, in microseconds. */
export interface LatencyStats {
  count: number;
  median: number;
  p90: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
}

/** What the stand-in reports: measured on its side, so the numbers compare across clients. */
export interface StandInReport {
  mode: StandInMode;
  /** Messages streamed, or measured tool calls. */
  count: number;
  concurrency: number;
  warmup: number;
  /** Wall time of the measured part, in ms: first write to last matching answer read (tools), or to the `result` written (stream). */
  wallMs: number;
  /** Round trips of the measured tool calls: the `control_request` written -> its `control_response` read. */
  roundTripUs?: LatencyStats;
  /** Answers that were not the expected `mcp_response` (wrong id, error, wrong text). */
  errors: number;
  /** Whether the client sent manifests in `initialize` (otherwise the stand-in ran the MCP handshake). */
  manifests: boolean;
}

/** The clients compared. */
export type ClientName = 'floor' | 'hexagent' | 'official';
export const CLIENTS: readonly ClientName[] = ['floor', 'hexagent', 'official'];

/** One measured run of one client in a fresh process. */
export interface TrialSpec {
  client: ClientName;
  mode: StandInMode;
  count: number;
  concurrency: number;
  warmup: number;
  /** Memory trials: sample the live heap every this many messages (the worker runs with `--expose-gc`). */
  heapSampleEvery?: number;
  /** The CPUs the client (the worker, pinned by the runner) and the stand-in run on, when pinned. */
  cpus?: { client: number; standIn: number };
  /**
   * Measure the second query of the process: the client first runs a one-message query (which
   * loads whatever it loads lazily), then a full GC collects the startup garbage (the worker runs
   * with `--expose-gc`), then the measured query runs. What a stream costs in a long-lived agent
   * process, without the one-time costs of the first query.
   */
  secondQuery?: boolean;
}

/** What a trial reports. */
export interface TrialResult {
  spec: TrialSpec;
  /** The stand-in's report, taken from the `result` message. */
  standIn: StandInReport;
  /** Messages the client's consumer received (the `result` included). */
  messages: number;
  /** Client side: first `assistant` message received -> `result` received, in ms. */
  streamMs: number;
  /** Client side: query started -> `result` received, in ms. */
  totalMs: number;
  /** CPU time (user + system) of the client process during the run, in ms: its own work, whatever the scheduling. */
  cpuMs: number;
  /** Peak resident set size of the client process, in MiB. */
  maxRssMiB: number;
  /** Memory trials: the largest live heap (heap used + array buffers) seen after a forced GC, in MiB. */
  peakLiveHeapMiB?: number;
}

/** The environment for the stand-in that runs `spec`. */
export function standInEnv(spec: Omit<TrialSpec, 'client'>): Record<string, string> {
  return {
    [ENV.mode]: spec.mode,
    [ENV.count]: String(spec.count),
    [ENV.concurrency]: String(spec.concurrency),
    [ENV.warmup]: String(spec.warmup),
    [ENV.server]: SERVER_NAME,
    ...(spec.cpus !== undefined && { [ENV.standInCpu]: String(spec.cpus.standIn) }),
  };
}

const here = dirname(fileURLToPath(import.meta.url));

/** The built files of this package (the stand-in runs as a script, so it must be built: `pnpm build`). */
export const DIST = join(here, '..', 'dist');
export const STAND_IN_CLI = join(DIST, 'stand-in-cli.js');

/**
 * The number of the `assistant` message a client starts its streaming clock at: 1, or W + 1 when
 * the stand-in streams W warm-up messages first (read from the env the client passes it).
 */
export function measuredFromMessage(env: Record<string, string>): number {
  if (env[ENV.mode] !== 'stream') return 1;
  const warmup = Number(env[ENV.warmup] ?? '0');
  return (Number.isInteger(warmup) && warmup > 0 ? warmup : 0) + 1;
}
export const WORKER = join(DIST, 'worker.js');

/** Reads the stand-in's report from a `result` message, or throws. */
export function reportOf(result: unknown): StandInReport {
  const report = (result as Record<string, unknown> | undefined)?.[REPORT_FIELD];
  if (typeof report !== 'object' || report === null) {
    throw new Error(`the result message carries no ${REPORT_FIELD} report: ${JSON.stringify(result).slice(0, 300)}`);
  }
  return report as StandInReport;
}
