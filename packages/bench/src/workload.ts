import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StandInReport, StandInScenario, StandInStep } from '@hexagent/testing/stand-in-cli';

/**
 * What the stand-in CLI does on a user message: `stream` N `assistant` messages, or `tools`: N
 * `tools/call` requests over `mcp_message`, K in flight (K = 1: one after another), each answer
 * awaited; then a `result` carrying its report.
 */
export type StandInMode = 'stream' | 'tools';

/** The in-process server and tool every client serves: `mcp__bench__add`, `{ a, b }` -> `a + b` as text. */
export const SERVER_NAME = 'bench';
export const TOOL_NAME = 'add';
export const TOOL_DESCRIPTION = 'Add two numbers';

/** The clients compared. */
export type ClientName = 'floor' | 'hexagent' | 'official';
export const CLIENTS: readonly ClientName[] = ['floor', 'hexagent', 'official'];

/**
 * Tracing in the client's process: `off` (`@opentelemetry/api` never loaded), `api` (the app loaded
 * the api but registered no tracer provider), `provider` (a provider with an in-memory exporter).
 */
export type TracingMode = 'off' | 'api' | 'provider';

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
  /** Tracing set up in the worker before the run (hexagent trials of the tracing bench); default off. */
  tracing?: TracingMode;
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
  /** Tracing trials: spans the in-memory exporter received, and modules of `@opentelemetry/*` loaded. */
  tracing?: { spans: number; otelModules: number };
}

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * The stand-in CLI of `@hexagent/testing` (its script), reached through this package's node_modules,
 * and the variable that hands it a scenario: the same as the test kit's `STAND_IN_CLI_PATH` and
 * `STAND_IN_SCENARIO_ENV` (a test checks), but without importing it, so that the startup trials,
 * which count the modules a query resolves, resolve none of the test kit's.
 */
export const STAND_IN_CLI = join(HERE, '..', 'node_modules', '@hexagent', 'testing', 'dist', 'stand-in-cli', 'bin.js');
/** The variable that hands the stand-in its scenario (JSON); see {@link STAND_IN_CLI}. */
export const SCENARIO_ENV = 'HEXAGENT_STAND_IN_SCENARIO';

/** The stand-in's work for `spec`, inside its realistic turn. */
function work(spec: Omit<TrialSpec, 'client'>): StandInStep {
  return spec.mode === 'stream'
    ? { stream: { count: spec.count, warmup: spec.warmup } }
    : {
        toolCalls: {
          count: spec.count,
          concurrency: spec.concurrency,
          warmup: spec.warmup,
          server: SERVER_NAME,
          tool: TOOL_NAME,
        },
      };
}

/** The environment for the stand-in that runs `spec`: its scenario (the clients pass it through `options.env`). */
export function standInEnv(spec: Omit<TrialSpec, 'client'>): Record<string, string> {
  const scenario: StandInScenario = {
    work: [work(spec)],
    ...(spec.cpus !== undefined && { cpu: spec.cpus.standIn }),
  };
  return { [SCENARIO_ENV]: JSON.stringify(scenario) };
}

/** The built files of this package (the workers run as scripts, so they must be built: `pnpm build`). */
export const DIST = join(HERE, '..', 'dist');

/**
 * The number of the `assistant` message a client starts its streaming clock at: 1, or W + 1 when
 * the stand-in streams W warm-up messages first (read from the scenario the client passes it).
 */
export function measuredFromMessage(env: Record<string, string>): number {
  const scenario = JSON.parse(env[SCENARIO_ENV] ?? '{}') as StandInScenario;
  const step = scenario.work?.find((entry) => 'stream' in entry);
  const warmup = step !== undefined && 'stream' in step ? (step.stream.warmup ?? 0) : 0;
  return (Number.isInteger(warmup) && warmup > 0 ? warmup : 0) + 1;
}
export const WORKER = join(DIST, 'worker.js');
