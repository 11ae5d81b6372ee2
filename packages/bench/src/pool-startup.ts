import type { Options } from '@hexagent/sdk';
import { median } from './stats.js';

/** Time to the first assistant message: a cold `query()` against a pool's claim. */
export interface StartupComparison {
  runs: number;
  coldMs: number;
  /** The official `startup()` from the call to the first assistant message (its spawn and initialize included). */
  officialStartupMs: number;
  rows: Array<{ label: string; medianMs: number }>;
}

/** Milliseconds from calling `start` to the first assistant message; the query is then closed. */
async function firstAssistant(start: () => AsyncIterable<{ type: string }>): Promise<number> {
  const started = performance.now();
  for await (const message of start()) {
    if (message.type === 'assistant') return performance.now() - started;
  }
  return Number.NaN;
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
 * `runs` cold `query()` calls and `runs` pool queries, interleaved with the official SDK's
 * `startup()` and `prewarm()`. The pool is made fresh for each run with one spare, and the clock
 * starts once the spare is parked (what a host with a warm pool sees); the official warm starts are
 * clocked likewise once ready. Without a spare source the pool's query is a cold start (labelled so).
 */
export async function measurePoolStartup(params: {
  options: Options;
  /** The same CLI, environment and folder for the official SDK (no in-process server). */
  official: { pathToClaudeCodeExecutable: string; env: Record<string, string>; cwd: string };
  runs: number;
}): Promise<StartupComparison> {
  const { createAgentPool } = await import('@hexagent/agent-pool');
  const { query } = await import('@hexagent/sdk');
  const official = await import('@anthropic-ai/claude-agent-sdk');
  const times = {
    cold: [] as number[],
    pooled: [] as number[],
    startup: [] as number[],
    startupCall: [] as number[],
    prewarm: [] as number[],
  };
  let warm = true;
  for (let run = 0; run < params.runs; run++) {
    times.cold.push(await firstAssistant(() => query({ prompt: 'hi', options: params.options })));
    const pool = createAgentPool({ options: params.options, spares: 1, maxConcurrent: 1, memoryBudgetMb: 3072 });
    warm = (await sparesReady(pool, 30_000)) && warm;
    times.pooled.push(await firstAssistant(() => pool.query({ prompt: 'hi', options: { cwd: params.official.cwd } })));
    await pool.close({ deadlineMs: 5000 });
    const called = performance.now();
    const warmQuery = await official.startup({ options: params.official });
    const readyMs = performance.now() - called;
    const afterReady = await firstAssistant(() => warmQuery.query('hi'));
    times.startup.push(afterReady);
    times.startupCall.push(readyMs + afterReady);
    const spare = await official.prewarm({ options: params.official });
    times.prewarm.push(
      await firstAssistant(() => spare.claim({ prompt: 'hi', options: { cwd: params.official.cwd } })),
    );
  }
  const coldMs = median(times.cold);
  return {
    runs: params.runs,
    coldMs,
    officialStartupMs: median(times.startupCall),
    rows: [
      { label: 'cold query()', medianMs: coldMs },
      {
        label: warm ? 'pool.query(), spare parked' : 'pool.query() (no spare parked: a cold start)',
        medianMs: median(times.pooled),
      },
      { label: 'official startup() from the call, then query()', medianMs: median(times.startupCall) },
      { label: 'official startup() once ready, then query()', medianMs: median(times.startup) },
      { label: 'official prewarm(), then claim()', medianMs: median(times.prewarm) },
    ],
  };
}
