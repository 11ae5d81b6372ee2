/**
 * `pnpm --filter @hexagent/bench bench:pool`: many agents through `createAgentPool` (not part of
 * the default bench: it takes minutes). K agents (default 50), each a query whose CLI makes 5 calls
 * of an in-process tool, through a pool with `maxConcurrent` 8 and a 3 GB budget, on the stand-in
 * CLI and on the real CLI (against a scripted model on 127.0.0.1); the same agents with no
 * admission limit for contrast (stand-in only by default: 50 real CLIs at once need ~12 GB); then
 * the time from `pool.query()` to the first assistant message against a cold `query()`. Prints
 * Markdown on stdout, progress on stderr.
 *
 * Options: `--agents=<k>` (stand-in), `--real-agents=<k>` (default 50; 0 skips the real CLI),
 * `--real-unbounded` (also run the real CLI with no limit), `--startup-runs=<n>` (default 5),
 * `--json=<file>`.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { z } from 'zod';
import { measurePoolStartup, type StartupComparison } from './pool-startup.js';
import { type PoolTrialResult, runPoolTrial } from './pool-trial.js';
import { SCENARIO_ENV, STAND_IN_CLI } from './workload.js';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [name, value] as const;
  }),
);
const agents = Number(args.get('agents') ?? 50);
const realAgents = Number(args.get('real-agents') ?? 50);
const startupRuns = Number(args.get('startup-runs') ?? 5);
const TOOL_CALLS = 5;
const MAX_CONCURRENT = 8;
const BUDGET_MB = 3072;

let calls = 0;
const bench = createSdkMcpServer({
  name: 'bench',
  tools: [
    tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
      calls++;
      return { content: [{ type: 'text', text: String(a + b) }] };
    }),
  ],
});
const toolOptions = { mcpServers: { bench }, allowedTools: ['mcp__bench__add'] };
const log = (line: string) => process.stderr.write(`${line}\n`);

const trials: PoolTrialResult[] = [];
// The stand-in: every CLI makes 5 tool calls, one after another, then answers.
const standInEnv = {
  [SCENARIO_ENV]: JSON.stringify({ work: [{ toolCalls: { count: TOOL_CALLS, server: 'bench', tool: 'add' } }] }),
};
const standInOptions = { ...toolOptions, pathToClaudeCodeExecutable: STAND_IN_CLI, env: standInEnv };
for (const [label, maxConcurrent, budget] of [
  ['stand-in, pool (8, 3 GB)', MAX_CONCURRENT, BUDGET_MB],
  ['stand-in, no limit', agents, 1_000_000],
] as const) {
  if (agents === 0) break;
  log(`${label}: ${agents} agents...`);
  trials.push(
    await runPoolTrial({
      label,
      agents,
      settings: { options: standInOptions, maxConcurrent, memoryBudgetMb: budget },
      prompt: (i) => `agent ${i}`,
      toolCalls: () => calls,
    }),
  );
}

let startup: StartupComparison | undefined;
const cli = join(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/package.json')),
  'bin',
  'claude.exe',
);
if (realAgents > 0) {
  // The scripted model asks for the tool until the conversation holds 5 tool results, then answers.
  const server = await ScriptedModelServer.start((request) => {
    const results = JSON.stringify(request.body.messages ?? []).split('"tool_result"').length - 1;
    return results < TOOL_CALLS
      ? { content: [toolUse('mcp__bench__add', { a: results, b: 1 })] }
      : { content: [text('done')] };
  });
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  try {
    const realOptions = { ...toolOptions, pathToClaudeCodeExecutable: cli, env: hermetic.env, cwd: hermetic.homeDir };
    const runs: Array<readonly [string, number, number]> = [['real CLI, pool (8, 3 GB)', MAX_CONCURRENT, BUDGET_MB]];
    if (args.has('real-unbounded')) runs.push(['real CLI, no limit', realAgents, 1_000_000]);
    for (const [label, maxConcurrent, budget] of runs) {
      log(`${label}: ${realAgents} agents...`);
      trials.push(
        await runPoolTrial({
          label,
          agents: realAgents,
          settings: { options: realOptions, maxConcurrent, memoryBudgetMb: budget },
          prompt: (i) => `agent ${i}`,
          toolCalls: () => calls,
        }),
      );
    }
    if (startupRuns > 0) {
      log(`startup: ${startupRuns} runs each...`);
      const env: Record<string, string> = {};
      for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) env[key] = value;
      startup = await measurePoolStartup({
        options: { ...realOptions },
        official: { pathToClaudeCodeExecutable: cli, env, cwd: hermetic.homeDir },
        runs: startupRuns,
      });
    }
  } finally {
    await hermetic.cleanup();
    await server.close();
  }
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const lines = [
  `## Agent pool: ${agents} agents (stand-in), ${realAgents} (real CLI), ${TOOL_CALLS} tool calls each`,
  '',
  '| run | finished | wall ms | peak busy | peak RSS MB (budget) | queue wait p50 / p95 ms | tool calls | estimate MB | left running |',
  '|---|---|---|---|---|---|---|---|---|',
  ...trials.map(
    (t) =>
      `| ${t.label} | ${t.finished}/${t.agents} | ${f(t.wallMs)} | ${t.peakBusy} | ${f(t.peakTotalRssMb)} (${t.budgetMb >= 1_000_000 ? 'none' : t.budgetMb}) | ${f(t.queueWaitP50)} / ${f(t.queueWaitP95)} | ${t.toolCalls} | ${f(t.estimateMb)} | ${t.leftRunning} |`,
  ),
];
if (startup !== undefined) {
  lines.push(
    '',
    `## Time to the first assistant message, real CLI (median of ${startup.runs})`,
    '',
    '| start | ms | vs cold query() | vs official startup() from the call |',
    '|---|---|---|---|',
    ...startup.rows.map(
      (row) =>
        `| ${row.label} | ${f(row.medianMs)} | ${(row.medianMs / startup.coldMs).toFixed(2)}x | ${(row.medianMs / startup.officialStartupMs).toFixed(2)}x |`,
    ),
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
const json = args.get('json');
if (json !== undefined && json !== 'true') await writeFile(json, JSON.stringify({ trials, startup }, null, 2));
