/**
 * Many agents on one machine: 12 agents, each making two in-process tool calls, through one
 * `createAgentPool()` with at most 4 CLIs running, a memory budget and one warm spare. It prints the
 * pool's stats (busy, queued, queue waits, RSS of the CLI process trees) as agents are admitted and
 * finish, then closes the pool, which leaves no CLI running. With ANTHROPIC_API_KEY set it talks to
 * Claude; without it, a scripted model server on 127.0.0.1 plays the model.
 */
import { type AgentPool, createAgentPool } from '@hexagent/agent-pool';
import { type Options, ResultError, type SDKMessage } from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer } from '@hexagent/testing';
import { createMathServer, mathToolNames } from './math-tools.js';
import { scriptedAgentsModel } from './scripted-agents-model.js';

const AGENTS = 12;
const MAX_CONCURRENT = 4;
const SPARES = 1;
const MEMORY_BUDGET_MB = 2048;

const began = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - began) / 1000).toFixed(1).padStart(5)} s] ${line}`);

/** One line of `pool.stats()`: what runs, what waits, how long the admitted waited, what the CLIs take. */
function statsLine(pool: AgentPool): string {
  const stats = pool.stats();
  const { queueWaitMs: wait, memory } = stats;
  const trees = memory.children.map((child) => `${child.kind} ${Math.round(child.rssMb)}`).join(', ');
  return (
    `stats › busy ${stats.busy}/${MAX_CONCURRENT}, queued ${stats.queued}, spares ${stats.spares}` +
    ` (+${stats.sparesStarting} starting), admitted ${stats.admitted}` +
    ` | queue wait p50 ${Math.round(wait.p50)} ms, p95 ${Math.round(wait.p95)} ms` +
    ` | RSS ${Math.round(memory.totalRssMb)} MB of ${memory.budgetMb} MB (${memory.children.length} CLIs${trees ? `: ${trees}` : ''})`
  );
}

/** Runs agent `n` through the pool: its answer and how many tool results it saw. */
async function runAgent(pool: AgentPool, n: number): Promise<{ answer: string; toolResults: number; ok: boolean }> {
  const prompt = `Agent ${n}: using the math tools, add ${n} and 35, then multiply the sum by 2.`;
  let toolResults = 0;
  let last: SDKMessage | undefined;
  try {
    for await (const message of pool.query({ prompt })) {
      if (message.type === 'user' && Array.isArray(message.message.content)) {
        toolResults += message.message.content.filter((block) => block.type === 'tool_result').length;
      }
      last = message;
    }
  } catch (error) {
    // A failed run yields its error result, then throws: that agent did not finish, the others go on.
    if (!ResultError.isInstance(error)) throw error;
  }
  const ok = last?.type === 'result' && last.subtype === 'success';
  const answer = last?.type === 'result' && 'result' in last ? String(last.result) : 'no result';
  return { answer, toolResults, ok };
}

async function main(): Promise<void> {
  const options: Options = {
    mcpServers: { math: createMathServer() },
    allowedTools: mathToolNames,
    maxTurns: 6,
    systemPrompt: 'You are a careful assistant. Use the math tools for arithmetic and answer in one line.',
  };
  let server: ScriptedModelServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  if (process.env.ANTHROPIC_API_KEY) {
    console.log('ANTHROPIC_API_KEY is set: using Claude.\n');
  } else {
    console.log('ANTHROPIC_API_KEY is not set: using a scripted model server on 127.0.0.1 that plays Claude.\n');
    server = await ScriptedModelServer.start(scriptedAgentsModel);
    const hermetic = await hermeticCliEnv({ baseUrl: server.url });
    options.env = hermetic.env;
    cleanup = hermetic.cleanup;
  }

  const pool = createAgentPool({
    options,
    maxConcurrent: MAX_CONCURRENT,
    memoryBudgetMb: MEMORY_BUDGET_MB,
    spares: SPARES,
  });
  log(
    `pool › ${AGENTS} agents, maxConcurrent ${MAX_CONCURRENT}, ${SPARES} spare, memory budget ${MEMORY_BUDGET_MB} MB`,
  );
  pool.on('spawned', ({ kind, pid }) => log(`spawned › ${kind} CLI pid ${pid}`));
  pool.on('admitted', ({ waitedMs, fromSpare }) =>
    log(`admitted › after ${Math.round(waitedMs)} ms${fromSpare ? ', on the warm spare' : ''} | ${statsLine(pool)}`),
  );
  pool.on('released', ({ kind, pid, peakRssMb }) =>
    log(`released › ${kind} CLI pid ${pid} (peak ${Math.round(peakRssMb)} MB) | ${statsLine(pool)}`),
  );

  try {
    const outcomes = await Promise.all(
      Array.from({ length: AGENTS }, (_, i) =>
        runAgent(pool, i + 1).then((outcome) => {
          log(`agent ${i + 1} › ${outcome.answer} (${outcome.toolResults} tool results)`);
          return outcome;
        }),
      ),
    );
    const stats = pool.stats();
    const finished = outcomes.filter((outcome) => outcome.ok).length;
    const toolResults = outcomes.reduce((sum, outcome) => sum + outcome.toolResults, 0);
    log(
      `summary › ${finished}/${AGENTS} agents finished, ${toolResults} tool results; admitted ${stats.admitted}` +
        ` | queue wait p50 ${Math.round(stats.queueWaitMs.p50)} ms, p95 ${Math.round(stats.queueWaitMs.p95)} ms,` +
        ` max ${Math.round(stats.queueWaitMs.max)} ms | peak RSS ${Math.round(stats.memory.peakTotalRssMb)} MB of ${MEMORY_BUDGET_MB} MB`,
    );
    if (finished < AGENTS) process.exitCode = 1;
  } finally {
    pool.on('closed', ({ killed }) => log(`closed › every CLI of the pool has exited (killed ${killed})`));
    await pool.close({ deadlineMs: 10_000 });
    await server?.close();
    await cleanup?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
