import type { AgentPoolOptions } from '@hexagent/agent-pool';
import { type TreeWatch, watchProcessTree } from './tree-watch.js';

/** What one many-agents trial measured (through a pool, or plain `query()` calls). */
export interface PoolTrialResult {
  label: string;
  agents: number;
  /** Queries that ended with a successful `result`. */
  finished: number;
  failed: number;
  /** The failures' messages (the first 200 characters), with how many queries ended so. */
  failures: Record<string, number>;
  wallMs: number;
  /** The most queries running at once. */
  peakBusy: number;
  /** The highest total RSS of the CLI trees: the pool's own samples (procfs); for plain queries, the bench's. MB. */
  peakTotalRssMb: number;
  /** The highest total RSS of every process under the bench, sampled by the bench (procfs, every 250 ms), MB. */
  peakTreeRssMb: number;
  /** The most processes under the bench in one sample. */
  peakProcesses: number;
  /** The pool's memory budget, MB (plain queries: none, `Infinity`). */
  budgetMb: number;
  /** Time in the pool's queue, ms (NaN without a pool). */
  queueWaitP50: number;
  queueWaitP95: number;
  /** Tool calls the in-process tool served. */
  toolCalls: number;
  /**
   * Processes of the trial alive after it ended (the pool's `close()`; plain queries: their ends,
   * then up to `settleMs`): any process seen under the bench during the trial, grandchildren
   * included, or carrying the trial's marker variable wherever it was re-parented.
   */
  leftRunning: number;
  /** The estimate the pool learned from the first CLIs, MB (NaN without a pool). */
  estimateMb: number;
}

/** Runs one query to its end: true when it ended with a successful `result`. */
export async function runToResult(
  messages: AsyncIterable<{ type: string; subtype?: string }>,
  failures: Record<string, number>,
): Promise<boolean> {
  try {
    for await (const message of messages) {
      if (message.type === 'result') {
        if (message.subtype === 'success') return true;
        const key = `result ${message.subtype ?? '?'}`;
        failures[key] = (failures[key] ?? 0) + 1;
        return false;
      }
    }
    failures['ended without a result'] = (failures['ended without a result'] ?? 0) + 1;
    return false;
  } catch (error) {
    const key = String(error).slice(0, 200);
    failures[key] = (failures[key] ?? 0) + 1;
    return false;
  }
}

/** The trial's marker merged into `env` (the CLIs and whatever they start inherit it). */
export function markedEnv(env: Record<string, string | undefined> | undefined, watch: TreeWatch) {
  return { ...env, ...watch.markerEnv };
}

/** Run `agents` queries of `prompt(i)` through a pool built from `settings`; close it; check /proc. */
export async function runPoolTrial(params: {
  label: string;
  agents: number;
  settings: AgentPoolOptions;
  prompt: (i: number) => string;
  toolCalls: () => number;
}): Promise<PoolTrialResult> {
  const { createAgentPool } = await import('@hexagent/agent-pool');
  const watch = watchProcessTree();
  const options = { ...params.settings.options, env: markedEnv(params.settings.options?.env, watch) };
  const pool = createAgentPool({ ...params.settings, options });
  let peakBusy = 0;
  pool.on('admitted', () => {
    peakBusy = Math.max(peakBusy, pool.stats().busy);
  });
  const before = params.toolCalls();
  const failures: Record<string, number> = {};
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: params.agents }, (_, i) => runToResult(pool.query({ prompt: params.prompt(i) }), failures)),
  );
  const wallMs = performance.now() - started;
  const stats = pool.stats();
  await pool.close({ deadlineMs: 10_000 });
  watch.stop();
  const finished = outcomes.filter(Boolean).length;
  return {
    label: params.label,
    agents: params.agents,
    finished,
    failed: params.agents - finished,
    failures,
    wallMs,
    peakBusy,
    peakTotalRssMb: stats.memory.peakTotalRssMb,
    peakTreeRssMb: watch.peakTotalRssMb,
    peakProcesses: watch.peakProcesses,
    budgetMb: stats.memory.budgetMb,
    queueWaitP50: stats.queueWaitMs.p50,
    queueWaitP95: stats.queueWaitMs.p95,
    toolCalls: params.toolCalls() - before,
    leftRunning: watch.leftRunning().length,
    estimateMb: stats.memory.estimateMb,
  };
}
