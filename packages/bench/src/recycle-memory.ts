/**
 * Memory per agent (issue 28): the RSS of one pooled CLI recycled over many queries, beside fresh
 * CLIs. `node dist/recycle-memory.js [--queries=100] [--fresh=5] [--json=<file>]`.
 *
 * A pool (`recycle`, `maxQueriesPerCli` above `--queries`, one spare, one running CLI) serves
 * `--queries` string-prompt queries in a row on the real CLI against a scripted model on 127.0.0.1
 * (each query: one in-process tool call, then a text answer). After each query, once its CLI is reset
 * and parked again, plus 300 ms, the RSS of every process under this one (procfs VmRSS; the CLI and
 * any child of it) is read. Then `--fresh` plain `query()` calls, each a fresh CLI, with the RSS read
 * at the `result`. Prints a Markdown table of the curve.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createAgentPool } from '@hexagent/agent-pool';
import { createSdkMcpServer, type Options, query, tool } from '@hexagent/sdk';
import { hermeticCliEnv, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { z } from 'zod';
import { descendantsOf, listProcesses, rssKb } from './process-tree.js';
import { median } from './stats.js';

const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found === undefined ? fallback : Number(found.slice(name.length + 3));
};
const queries = arg('queries', 100);
const freshRuns = arg('fresh', 5);
const jsonFile = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);

/** RSS of every live process under this one, MB. */
function treeRssMb(): number {
  let kb = 0;
  for (const entry of descendantsOf(process.pid, listProcesses())) kb += rssKb(entry.pid);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@anthropic-ai/claude-code/package.json')), 'bin', 'claude.exe');
// Each query: the model calls the tool, then answers once the tool result is in.
const server = await ScriptedModelServer.start((request) => {
  const last = request.body.messages?.at(-1);
  const hasResult = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
  return hasResult ? { content: [text('done')] } : { content: [toolUse('mcp__calc__add', { a: 2, b: 3 })] };
});
const hermetic = await hermeticCliEnv({ baseUrl: server.url });
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) env[key] = value;
const add = tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
  content: [{ type: 'text' as const, text: String(a + b) }],
}));
const options: Options = {
  pathToClaudeCodeExecutable: cli,
  env,
  cwd: hermetic.homeDir,
  mcpServers: { calc: createSdkMcpServer({ name: 'calc', version: '1.0.0', tools: [add] }) },
  allowedTools: ['mcp__calc__add'],
};

const curve: Array<{ query: number; rssMb: number; pid: number | undefined }> = [];
const fresh: number[] = [];
try {
  const pool = createAgentPool({
    options,
    spares: 1,
    recycle: { maxQueriesPerCli: queries + 1 },
    maxConcurrent: 1,
    memoryBudgetMb: 8192,
  });
  let pid: number | undefined;
  pool.on('recycled', (event) => {
    pid = event.pid;
  });
  const parked = async (count: number) => {
    while (pool.stats().spares < 1 || pool.stats().recycled < count) await sleep(5);
  };
  await parked(0);
  for (let n = 1; n <= queries; n++) {
    for await (const message of pool.query({ prompt: `add 2 and 3 (${n})` })) {
      if (message.type === 'result' && message.subtype !== 'success') throw new Error(`query ${n}: ${message.subtype}`);
    }
    await parked(n);
    await sleep(300);
    curve.push({ query: n, rssMb: treeRssMb(), pid });
    if (n % 10 === 0) process.stderr.write(`recycle-memory: ${n} queries\n`);
  }
  await pool.close({ deadlineMs: 5000 });
  for (let run = 0; run < freshRuns; run++) {
    for await (const message of query({ prompt: 'add 2 and 3', options })) {
      if (message.type === 'result') fresh.push(treeRssMb());
    }
  }
} finally {
  await hermetic.cleanup();
  await server.close();
}

const pids = new Set(curve.map((point) => point.pid));
const at = (n: number) => curve.find((point) => point.query === n)?.rssMb ?? Number.NaN;
const freshMedian = median(fresh);
const lines = [
  `One pooled CLI recycled over ${queries} queries (one in-process tool call each; ${pids.size} CLI pid(s) seen), RSS of its process tree once reset and parked, MB; a fresh CLI at its first result: median ${freshMedian.toFixed(0)} MB (${fresh.map((mb) => mb.toFixed(0)).join(', ')}).`,
  '',
  '| queries served | RSS, MB | vs a fresh CLI |',
  '|--:|--:|--:|',
];
for (const n of [1, 2, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].filter((q) => q <= queries)) {
  lines.push(`| ${n} | ${at(n).toFixed(0)} | ${(at(n) / freshMedian).toFixed(2)}x |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
if (jsonFile !== undefined) await writeFile(jsonFile, JSON.stringify({ curve, fresh }, null, 2));
process.exit(0);
