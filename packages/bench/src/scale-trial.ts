/**
 * One trial of the cost-at-scale bench in this fresh process, printed as one line of JSON:
 * `node dist/scale-trial.js '<ScaleTrialSpec as JSON>'` (see scale-bench.ts for the driver).
 *
 * `sessions` sessions start at once; each runs `queriesPerSession` queries one after another through
 * the setup: the official `query()` with a new `createSdkMcpServer` per query (one server shared by
 * concurrent queries fails on the official SDK, its #122), hexagent's `query()` with one server for
 * all, or a hexagent pool (8 CLIs; with `recycle` and 8 spares). The SDK is imported and the
 * hermetic home made before the clock and the CPU readings start. At the end every CLI must have
 * been reaped (the pool closed), so that the SDK process's cutime + cstime hold all of their CPU.
 */
import { readFileSync } from 'node:fs';
import { hermeticCliEnv } from '@hexagent/testing';
import { z } from 'zod';
import { cpuTimes } from './proc-usage.js';
import { listProcesses } from './process-tree.js';
import {
  POOL_BUDGET_MB,
  POOL_MAX_CONCURRENT,
  POOL_RECYCLE_SPARES,
  type ScaleTrialResult,
  type ScaleTrialSpec,
} from './scale-workload.js';

type Message = { type: string; subtype?: string };
type RunQuery = (prompt: string) => AsyncIterable<Message>;

const spec = JSON.parse(process.argv[2] ?? '{}') as ScaleTrialSpec;
const hermetic = await hermeticCliEnv({ baseUrl: spec.modelUrl, ...(spec.cliEnv && { extra: spec.cliEnv }) });
const env: Record<string, string> = {};
for (const [name, value] of Object.entries(hermetic.env)) if (value !== undefined) env[name] = value;
const base = { pathToClaudeCodeExecutable: spec.cli, env, cwd: hermetic.homeDir, allowedTools: ['mcp__bench__add'] };

let toolCalls = 0;
const add = async ({ a, b }: { a: number; b: number }) => {
  toolCalls++;
  return { content: [{ type: 'text' as const, text: String(a + b) }] };
};

let close = async () => {};
let recycled: () => number | undefined = () => undefined;
const recycleFailures: Record<string, number> = {};
/** Pool rows: how queries got their CLI (a cold start, a fresh spare, a recycled CLI). */
const poolStarts = { cold: 0, spare: 0, recycled: 0 };
let runQuery: RunQuery;
if (spec.setup === 'official') {
  const { createSdkMcpServer, query, tool } = await import('@anthropic-ai/claude-agent-sdk');
  runQuery = (prompt) => {
    const bench = createSdkMcpServer({
      name: 'bench',
      version: '1.0.0',
      tools: [tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, add)],
    });
    return query({ prompt, options: { ...base, mcpServers: { bench } } });
  };
} else {
  const { createSdkMcpServer, query, tool } = await import('@hexagent/sdk');
  const bench = createSdkMcpServer({
    name: 'bench',
    version: '1.0.0',
    tools: [tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, add)],
  });
  const options = { ...base, mcpServers: { bench } };
  if (spec.setup === 'hexagent') runQuery = (prompt) => query({ prompt, options });
  else {
    const { createAgentPool } = await import('@hexagent/agent-pool');
    const recycle = spec.setup === 'pool-recycle';
    // Made at the start of the clock (below): the spares start with the first queries, as in a service just started.
    let pool: ReturnType<typeof createAgentPool> | undefined;
    const make = () => {
      pool = createAgentPool({
        options,
        maxConcurrent: POOL_MAX_CONCURRENT,
        memoryBudgetMb: POOL_BUDGET_MB,
        ...(recycle && { spares: POOL_RECYCLE_SPARES, recycle: true }),
      });
      pool.on('admitted', ({ fromSpare }) => {
        if (!fromSpare) poolStarts.cold += 1;
      });
      pool.on('claimed', ({ recycled }) => {
        if (recycled) poolStarts.recycled += 1;
        else poolStarts.spare += 1;
      });
      pool.on('recycleFailed', ({ error }) => {
        const what = error.message.slice(0, 160);
        recycleFailures[what] = (recycleFailures[what] ?? 0) + 1;
      });
      return pool;
    };
    runQuery = (prompt) => (pool ?? make()).query({ prompt });
    close = async () => {
      await pool?.close({ deadlineMs: 10_000 });
    };
    recycled = () => pool?.stats().recycled;
  }
}

// Any idle time the SDK uses after its import (hexagent loads execa then) passes before the clock,
// unless `idleMs` is 0: then the first queries pay for what the SDK loads on first use.
const idleMs = spec.idleMs ?? 200;
if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));

const failures: Record<string, number> = {};
const queryMs: number[] = [];
const cpuBefore = cpuTimes('self');
const started = performance.now();
const outcomes = await Promise.all(
  Array.from({ length: spec.sessions }, async (_, session) => {
    let ok = 0;
    for (let i = 0; i < spec.queriesPerSession; i++) {
      const called = performance.now();
      if (await runToResult(runQuery(`session ${session} query ${i}`))) ok++;
      queryMs.push(performance.now() - called);
    }
    return ok;
  }),
);
const wallMs = performance.now() - started;
const recycledCount = recycled();
await close();
const unreaped = await waitForChildren(15_000);
const cpuAfter = cpuTimes('self');
await hermetic.cleanup();

const ok = outcomes.reduce((sum, n) => sum + n, 0);
const result: ScaleTrialResult = {
  spec,
  ok,
  failed: spec.sessions * spec.queriesPerSession - ok,
  failures,
  toolCalls,
  wallMs,
  queryMs: queryMs.sort((a, b) => a - b),
  sdkCpuMs: cpuAfter.selfMs - cpuBefore.selfMs,
  cliCpuMs: cpuAfter.childrenMs - cpuBefore.childrenMs,
  unreaped,
  ...(recycledCount !== undefined && { recycled: recycledCount, recycleFailures, poolStarts }),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);

/** Reads a query to its end: true when it ended with a successful `result`. */
async function runToResult(messages: AsyncIterable<Message>): Promise<boolean> {
  const fail = (key: string) => {
    failures[key] = (failures[key] ?? 0) + 1;
    return false;
  };
  try {
    for await (const message of messages) {
      if (message.type === 'result') return message.subtype === 'success' || fail(`result ${message.subtype}`);
    }
    return fail('ended without a result');
  } catch (error) {
    return fail(String(error).slice(0, 200));
  }
}

/**
 * Waits until this process has no child left, zombies included (reaped: their CPU is in cutime); how
 * many remain. hexagent's process guardian (a `sh` sitting in `read` until this process exits, see
 * transport-kit's guardian) is not waited for: it lives as long as this process, and its CPU (none
 * while it waits) is left out.
 */
async function waitForChildren(timeoutMs: number): Promise<number> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const children = listProcesses().filter((entry) => entry.ppid === process.pid && !isGuardian(entry.pid)).length;
    if (children === 0 || performance.now() > until) return children;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** True for hexagent's process guardian (`sh -c <script> hexagent-guardian ...`). */
function isGuardian(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('hexagent-guardian');
  } catch {
    return false;
  }
}
