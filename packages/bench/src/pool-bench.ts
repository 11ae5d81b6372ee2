/**
 * `pnpm --filter @hexagent/bench bench:pool`: many agents through `createAgentPool` (not part of
 * the default bench: it takes minutes). K agents (default 50), each a query whose CLI makes 5 calls
 * of an in-process tool, through a pool with `maxConcurrent` 8 and a 3 GB budget, on the stand-in
 * CLI and on the real CLI (against a scripted model on 127.0.0.1); for contrast the same agents as
 * plain `query()` calls, all at once, with no pool at all (on the real CLI, 50 need ~10 GB: skipped
 * when the machine's available memory is short of ~220 MB per agent plus 2 GB), and through a pool
 * with no limit; then the time from `pool.query()` to the first assistant message against a cold
 * `query()`. Every trial's processes are watched from procfs (whole trees, grandchildren included,
 * and a marker variable for what was re-parented), so "left running" covers them all. Prints
 * Markdown on stdout, progress on stderr.
 *
 * Options: `--agents=<k>` (stand-in; 0 skips it), `--real-agents=<k>` (default 50; 0 skips the real
 * CLI), `--real-plain=<k>` (plain `query()` calls on the real CLI, default the same as
 * `--real-agents`; 0 skips them), `--real-unbounded` (also a pool with no limit on the real CLI),
 * `--startup-runs=<n>` (default 5), `--json=<file>`.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { z } from 'zod';
import { runPlainTrial } from './plain-trial.js';
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
const realPlain = Number(args.get('real-plain') ?? realAgents);
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
const notes: string[] = [];
// The stand-in: every CLI makes 5 tool calls, one after another, then answers.
const standInEnv = {
  [SCENARIO_ENV]: JSON.stringify({ work: [{ toolCalls: { count: TOOL_CALLS, server: 'bench', tool: 'add' } }] }),
};
const standInOptions = { ...toolOptions, pathToClaudeCodeExecutable: STAND_IN_CLI, env: standInEnv };
for (const [label, maxConcurrent, budget] of [
  ['stand-in, pool (8, 3 GB)', MAX_CONCURRENT, BUDGET_MB],
  ['stand-in, pool with no limit', agents, 1_000_000],
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
if (agents > 0) {
  log(`stand-in, plain query(): ${agents} agents...`);
  trials.push(
    await runPlainTrial({
      label: 'stand-in, plain `query()`, no pool',
      agents,
      options: standInOptions,
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
    if (args.has('real-unbounded')) runs.push(['real CLI, pool with no limit', realAgents, 1_000_000]);
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
    if (realPlain > 0) {
      const availableMb = memAvailableMb();
      const neededMb = realPlain * 220 + 2048;
      if (availableMb < neededMb) {
        const note = `real CLI, plain \`query()\`: skipped, ${Math.round(availableMb)} MB available, ~${neededMb} MB needed`;
        notes.push(note);
        log(note);
      } else {
        log(`real CLI, plain query(): ${realPlain} agents at once...`);
        trials.push(
          await runPlainTrial({
            label: 'real CLI, plain `query()`, no pool',
            agents: realPlain,
            options: realOptions,
            prompt: (i) => `agent ${i}`,
            toolCalls: () => calls,
          }),
        );
      }
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
const budget = (mb: number) => (Number.isFinite(mb) && mb < 1_000_000 ? String(mb) : 'none');
const lines = [
  `## Agent pool: ${agents} agents (stand-in), ${realAgents} (real CLI), ${TOOL_CALLS} tool calls each`,
  '',
  '| run | finished | failed | wall ms | peak busy | peak RSS MB (budget) | peak RSS MB, all processes under the bench | peak processes | queue wait p50 / p95 ms | tool calls | estimate MB | left running |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...trials.map(
    (t) =>
      `| ${t.label} | ${t.finished}/${t.agents} | ${t.failed} | ${f(t.wallMs)} | ${t.peakBusy} | ${f(t.peakTotalRssMb)} (${budget(t.budgetMb)}) | ${f(t.peakTreeRssMb)} | ${t.peakProcesses} | ${f(t.queueWaitP50)} / ${f(t.queueWaitP95)} | ${t.toolCalls} | ${f(t.estimateMb)} | ${t.leftRunning} |`,
  ),
];
for (const t of trials) {
  for (const [failure, count] of Object.entries(t.failures)) lines.push('', `${t.label}: ${count} x ${failure}`);
}
for (const note of notes) lines.push('', note);
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

/** MemAvailable from /proc/meminfo, MB (Infinity where there is no procfs: the caller asked for it). */
function memAvailableMb(): number {
  try {
    const match = /^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'));
    return match === null ? Number.POSITIVE_INFINITY : Number(match[1]) / 1024;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
