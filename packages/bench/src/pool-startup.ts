import type { Options, SDKMessage } from '@hexagent/sdk';
import { median } from './stats.js';

/** Time to the first assistant message: a cold `query()` against a pool's claim. */
export interface StartupComparison {
  runs: number;
  coldMs: number;
  rows: Array<{ label: string; medianMs: number }>;
}

async function firstAssistant(messages: AsyncGenerator<SDKMessage, void>): Promise<number> {
  const started = performance.now();
  let at = Number.NaN;
  for await (const message of messages) {
    if (message.type === 'assistant' && Number.isNaN(at)) at = performance.now() - started;
  }
  return at;
}

/** Wait until the pool has a spare parked (or `timeoutMs` passed); true when one is. */
async function sparesReady(
  pool: { stats(): { spares: number; sparesStarting: number } },
  timeoutMs: number,
): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (pool.stats().spares < 1 && performance.now() < until) {
    // Nothing parked and nothing starting: this pool has no spares to wait for.
    if (pool.stats().sparesStarting === 0) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return pool.stats().spares >= 1;
}

/**
 * `runs` cold `query()` calls and `runs` pool queries, interleaved. The pool is made fresh for each
 * run with one spare, and the clock starts once the spare is parked (what a host with a warm pool
 * sees). Without a spare source the pool's query is a cold start (labelled so).
 */
export async function measurePoolStartup(params: { options: Options; runs: number }): Promise<StartupComparison> {
  const { createAgentPool, query } = await import('@hexagent/sdk');
  const cold: number[] = [];
  const pooled: number[] = [];
  let warm = true;
  for (let run = 0; run < params.runs; run++) {
    cold.push(await firstAssistant(query({ prompt: 'hi', options: params.options })));
    const pool = createAgentPool({ options: params.options, spares: 1, maxConcurrent: 1, memoryBudgetMb: 3072 });
    warm = (await sparesReady(pool, 30_000)) && warm;
    pooled.push(await firstAssistant(pool.query({ prompt: 'hi' })));
    await pool.close({ deadlineMs: 5000 });
  }
  const coldMs = median(cold);
  return {
    runs: params.runs,
    coldMs,
    rows: [
      { label: 'cold query()', medianMs: coldMs },
      {
        label: warm ? 'pool.query(), spare parked' : 'pool.query() (no spare parked: a cold start)',
        medianMs: median(pooled),
      },
    ],
  };
}
