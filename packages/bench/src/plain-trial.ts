import type { Options } from '@hexagent/sdk';
import { markedEnv, type PoolTrialResult, runToResult } from './pool-trial.js';
import { watchProcessTree } from './tree-watch.js';

/**
 * The contrast to a pool: `agents` plain `query()` calls of `@hexagent/sdk`, all started at once,
 * no pool, no admission, no budget. Memory is the bench's own procfs samples of every process under
 * it; after the last query ended, what is left of the trial's processes is looked for until none is
 * or `settleMs` passed (a query ended by its `result` closes its CLI without waiting for its exit).
 */
export async function runPlainTrial(params: {
  label: string;
  agents: number;
  options: Options;
  prompt: (i: number) => string;
  toolCalls: () => number;
  settleMs?: number;
}): Promise<PoolTrialResult> {
  const { query } = await import('@hexagent/sdk');
  const watch = watchProcessTree();
  const options: Options = { ...params.options, env: markedEnv(params.options.env, watch) };
  const before = params.toolCalls();
  const failures: Record<string, number> = {};
  let running = 0;
  let peakBusy = 0;
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: params.agents }, async (_, i) => {
      peakBusy = Math.max(peakBusy, ++running);
      try {
        return await runToResult(query({ prompt: params.prompt(i), options }), failures);
      } finally {
        running--;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const until = performance.now() + (params.settleMs ?? 5000);
  while (watch.leftRunning().length > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 100));
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
    peakTotalRssMb: watch.peakTotalRssMb,
    peakTreeRssMb: watch.peakTotalRssMb,
    peakProcesses: watch.peakProcesses,
    budgetMb: Number.POSITIVE_INFINITY,
    queueWaitP50: Number.NaN,
    queueWaitP95: Number.NaN,
    toolCalls: params.toolCalls() - before,
    leftRunning: watch.leftRunning().length,
    estimateMb: Number.NaN,
  };
}
