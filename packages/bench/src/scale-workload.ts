/**
 * The cost-at-scale bench (issue 36, the official SDK's TS#372): S sessions at once, each running
 * its queries one after another, every query a prompt, T calls of an in-process tool one after
 * another, then a text answer. The setups compared, and what one trial reports.
 */

/** How the sessions' queries reach a CLI. */
export type ScaleSetup = 'official' | 'hexagent' | 'pool' | 'pool-recycle';

/** Every setup, in the order of the table. */
export const SCALE_SETUPS: readonly ScaleSetup[] = ['official', 'hexagent', 'pool', 'pool-recycle'];

/** What each setup is, for the table. */
export const SETUP_LABELS: Record<ScaleSetup, string> = {
  official: 'official 0.3.332 `query()`, a server per query',
  hexagent: 'hexagent `query()`',
  pool: 'hexagent pool (8 CLIs)',
  'pool-recycle': 'hexagent pool (8 CLIs), `recycle`, 8 spares',
};

/** The pool's settings in the pool rows. */
export const POOL_MAX_CONCURRENT = 8;
export const POOL_RECYCLE_SPARES = 8;
/** Room for 8 running CLIs and 8 parked ones of ~200 MB each, plus their growth. */
export const POOL_BUDGET_MB = 4096;

/** One trial: one setup at one number of sessions, in a fresh process (`scale-trial.js`). */
export interface ScaleTrialSpec {
  setup: ScaleSetup;
  /** Sessions at once. */
  sessions: number;
  /** Queries each session runs, one after another. */
  queriesPerSession: number;
  /** The scripted model's URL (127.0.0.1). */
  modelUrl: string;
  /** The CLI to run (the real CLI, or the stand-in for the bench's own tests). */
  cli: string;
  /** Extra environment for the CLI (the stand-in's scenario). */
  cliEnv?: Record<string, string>;
  /** Idle time between the SDK's import and the clock, ms (default 200; 0: the queries start in the import's tick). */
  idleMs?: number;
}

/** What a trial measured, printed by the worker as one line of JSON. */
export interface ScaleTrialResult {
  spec: ScaleTrialSpec;
  /** Queries that ended with a successful `result`. */
  ok: number;
  failed: number;
  /** Failure messages (first 200 characters) with their counts. */
  failures: Record<string, number>;
  /** Tool calls the in-process tool served. */
  toolCalls: number;
  /** From the first query's call (the pool made just before) to the last query's end, ms. */
  wallMs: number;
  /** Each query from its call to its `result`, ms (sorted). */
  queryMs: number[];
  /** CPU of the SDK process over the trial (utime + stime from procfs), ms. */
  sdkCpuMs: number;
  /**
   * CPU of every CLI of the trial (cutime + cstime of the SDK process once every CLI was reaped: the
   * whole process trees, exact), ms.
   */
  cliCpuMs: number;
  /** CLIs still alive or unreaped when the worker gave up waiting for them (their CPU is missing). */
  unreaped: number;
  /** Pool rows: CLIs recycled, from `stats()`. */
  recycled?: number;
  /** Pool rows: queries admitted to a cold start, claims of a fresh spare, claims of a recycled CLI (the pool's events). */
  poolStarts?: { cold: number; spare: number; recycled: number };
  /** Pool rows: the `recycleFailed` events' messages (first 160 characters) with their counts. */
  recycleFailures?: Record<string, number>;
}
