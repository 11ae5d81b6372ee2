import { existsSync } from 'node:fs';
import type { AgentPoolOptions } from '@hexagent/sdk';

/** What one pool trial measured. */
export interface PoolTrialResult {
  label: string;
  agents: number;
  /** Queries that ended with a successful `result`. */
  finished: number;
  failed: number;
  wallMs: number;
  /** The most queries running at once. */
  peakBusy: number;
  /** The highest total RSS of the pool's CLI trees sampled (procfs), MB. */
  peakTotalRssMb: number;
  budgetMb: number;
  /** Time in the queue, ms. */
  queueWaitP50: number;
  queueWaitP95: number;
  /** Tool calls the in-process tool served. */
  toolCalls: number;
  /** CLI processes still alive after `close()`. */
  leftRunning: number;
  /** The estimate the pool learned from the first CLIs, MB. */
  estimateMb: number;
}

/** Run `agents` queries of `prompt(i)` through a pool built from `settings`; close it; check /proc. */
export async function runPoolTrial(params: {
  label: string;
  agents: number;
  settings: AgentPoolOptions;
  prompt: (i: number) => string;
  toolCalls: () => number;
}): Promise<PoolTrialResult> {
  const { createAgentPool } = await import('@hexagent/sdk');
  const pool = createAgentPool(params.settings);
  const pids = new Set<number>();
  let peakBusy = 0;
  pool.on('spawned', (event) => {
    if (event.pid !== undefined) pids.add(event.pid);
  });
  pool.on('admitted', () => {
    peakBusy = Math.max(peakBusy, pool.stats().busy);
  });
  const before = params.toolCalls();
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: params.agents }, async (_, i) => {
      try {
        for await (const message of pool.query({ prompt: params.prompt(i) })) {
          if (message.type === 'result') return message.subtype === 'success';
        }
        return false;
      } catch (error) {
        process.stderr.write(`agent ${i}: ${String(error)}\n`);
        return false;
      }
    }),
  );
  const wallMs = performance.now() - started;
  const stats = pool.stats();
  await pool.close({ deadlineMs: 10_000 });
  const finished = outcomes.filter(Boolean).length;
  return {
    label: params.label,
    agents: params.agents,
    finished,
    failed: params.agents - finished,
    wallMs,
    peakBusy,
    peakTotalRssMb: stats.memory.peakTotalRssMb,
    budgetMb: params.settings.memoryBudgetMb,
    queueWaitP50: stats.queueWaitMs.p50,
    queueWaitP95: stats.queueWaitMs.p95,
    toolCalls: params.toolCalls() - before,
    leftRunning: [...pids].filter((pid) => existsSync(`/proc/${pid}`)).length,
    estimateMb: stats.memory.estimateMb,
  };
}
