/**
 * Time to the first assistant message with the REAL CLI, in this fresh process, printed as one
 * line of JSON:
 * `node dist/first-message.js <hexagent|official> <cold|startup|prewarm|pool|pool-prewarm|pool-startup|pool-recycled|second-turn> <model URL> [server] [settle=<ms>]`.
 * With `settle`, every warm start waits that long once ready before its query is called (the floor
 * pushes its second message that long after the first `result`), so both SDKs' CLIs have finished
 * whatever they do after becoming ready; the clock of `afterReadyMs` starts at the call.
 *
 * The SDK is imported after the clock starts, so `fromImportMs` is what a user's first call feels
 * in a new process. `fromCallMs` starts at the call that starts the CLI (`query()`, `startup()`,
 * `prewarm()`, `createAgentPool()`; with `server`, at building the in-process server just before);
 * `afterReadyMs` starts once the warm CLI is ready (the `WarmQuery`/`SpareProcess` resolved, the
 * pool's spare parked) and ends at the first assistant message; for `pool-recycled` (a pool with
 * `recycle` and a startup spare) one query runs to its end first, and ready is once its CLI is
 * parked again (reset by `/clear`), so what is timed is a query on a recycled CLI. `second-turn` is the floor: a query
 * with streaming input runs its first turn to the `result`, and `afterReadyMs` runs from pushing the
 * second user message to the second turn's first assistant message (see second-turn.ts). Both SDKs
 * get the same options: the workspace's CLI, a fresh hermetic home, and with `server` one
 * in-process `createSdkMcpServer` tool built with that SDK's own `createSdkMcpServer` and `tool`
 * (the model does not call it: what is timed is its handshake). Only 127.0.0.1 traffic.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hermeticCliEnv } from '@hexagent/testing';
import { type StreamedUserMessage, timeSecondTurn } from './second-turn.js';
import { SERVER_NAME, TOOL_DESCRIPTION, TOOL_NAME } from './workload.js';

/** One reading. */
export interface FirstMessageTiming {
  client: 'hexagent' | 'official';
  /**
   * `pool`: the pool's default spare (`spareStart` left out: `'auto'`, whose spare the timed query,
   * asking for the profile's cwd, finds a startup one); `pool-prewarm` and `pool-startup`: that kind given.
   */
  mode: 'cold' | 'startup' | 'prewarm' | 'pool' | 'pool-prewarm' | 'pool-startup' | 'pool-recycled' | 'second-turn';
  /** With one in-process tool (`createSdkMcpServer`) in the options. */
  withServer: boolean;
  fromImportMs: number;
  fromCallMs: number;
  /**
   * For the warm modes: from the query's call, `settleMs` after ready, to the first assistant
   * message (`second-turn`: from the second push, `settleMs` after the first `result`).
   */
  afterReadyMs: number | undefined;
  /** How long the warm start waited once ready before its query. */
  settleMs: number;
  /** When the timed query was called (the call of a cold one), ms since the epoch. */
  timedAtEpochMs: number;
  /** When its first assistant message arrived, ms since the epoch. */
  firstAssistantEpochMs: number;
  /**
   * Set by the bench from the model server's clock (same machine, epoch ms): from the timed call to
   * the arrival of the turn's model request (the CLI's and the SDK's work before the request).
   */
  toModelRequestMs?: number;
  /** Requests other than streamed turns (`side`, `count_tokens`, ...) the model server got during the whole run. */
  sideRequests?: number;
}

type Message = { type: string };
const [client = 'hexagent', mode = 'cold', baseUrl = '', ...flags] = process.argv.slice(2) as [
  FirstMessageTiming['client'],
  FirstMessageTiming['mode'],
  string,
  ...string[],
];
const withServer = flags.includes('server');
/** `settle=<ms>`: how long a warm start waits once ready before its query (every warm mode, both SDKs). */
const settleMs = Number(flags.find((flag) => flag.startsWith('settle='))?.slice('settle='.length) ?? 0);
/** Waits `settleMs` once the warm start is ready; returns when its query is called. */
const settle = async (): Promise<number> => {
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  return performance.now();
};
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@anthropic-ai/claude-code/package.json')), 'bin', 'claude.exe');
const hermetic = await hermeticCliEnv({ baseUrl });
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) env[key] = value;
const baseOptions = { pathToClaudeCodeExecutable: cli, env, cwd: hermetic.homeDir };
type Options = typeof baseOptions & { mcpServers?: Record<string, unknown>; allowedTools?: string[] };

/** What this bench uses of either SDK (the same names and shapes in both). */
interface SdkLike {
  query(params: { prompt: string | AsyncIterable<StreamedUserMessage>; options: Options }): AsyncIterable<Message>;
  startup(params: { options: Options }): Promise<{ query(prompt: string): AsyncIterable<Message> }>;
  prewarm(params: {
    options: Options;
  }): Promise<{ claim(params: { prompt: string; options: { cwd: string } }): AsyncIterable<Message> }>;
  createSdkMcpServer(params: { name: string; version: string; tools: unknown[] }): unknown;
  tool(
    name: string,
    description: string,
    shape: Record<string, unknown>,
    handler: (args: { a: number; b: number }) => Promise<{ content: Array<{ type: 'text'; text: string }> }>,
  ): unknown;
}

/** When the first assistant message arrived (leaving the loop then stops the query). */
async function firstAssistant(messages: AsyncIterable<Message>): Promise<number> {
  for await (const message of messages) if (message.type === 'assistant') return performance.now();
  throw new Error('no assistant message');
}

/** The options with the bench's `add` tool, built with `sdk`'s own `createSdkMcpServer` and `tool`. */
function withTool(sdk: SdkLike, z: typeof import('zod').z): Options {
  const add = sdk.tool(TOOL_NAME, TOOL_DESCRIPTION, { a: z.number(), b: z.number() }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  return {
    ...baseOptions,
    mcpServers: { [SERVER_NAME]: sdk.createSdkMcpServer({ name: SERVER_NAME, version: '1.0.0', tools: [add] }) },
    allowedTools: [`mcp__${SERVER_NAME}__${TOOL_NAME}`],
  };
}

let timing: FirstMessageTiming;
try {
  const t0 = performance.now();
  const sdk = (client === 'hexagent'
    ? await import('@hexagent/sdk')
    : await import('@anthropic-ai/claude-agent-sdk')) as unknown as SdkLike;
  const z = withServer ? (await import('zod')).z : undefined;
  const called = performance.now();
  const options = z === undefined ? baseOptions : withTool(sdk, z);
  let ready: number | undefined;
  let end: number;
  if (mode === 'cold') {
    end = await firstAssistant(sdk.query({ prompt: 'hi', options }));
  } else if (mode === 'startup') {
    const warm = await sdk.startup({ options });
    ready = await settle();
    end = await firstAssistant(warm.query('hi'));
  } else if (mode === 'prewarm') {
    const spare = await sdk.prewarm({ options });
    ready = await settle();
    end = await firstAssistant(spare.claim({ prompt: 'hi', options: { cwd: options.cwd } }));
  } else if (mode === 'second-turn') {
    const second = await timeSecondTurn((prompt) => sdk.query({ prompt, options }), settleMs);
    ready = second.pushedAt;
    end = second.firstAssistantAt;
  } else {
    const { createAgentPool } = await import('@hexagent/agent-pool');
    const recycled = mode === 'pool-recycled';
    const pool = createAgentPool({
      options: options as import('@hexagent/sdk').Options,
      spares: 1,
      ...(mode === 'pool-prewarm' && { spareStart: 'prewarm' as const }),
      ...((mode === 'pool-startup' || recycled) && { spareStart: 'startup' as const }),
      recycle: recycled,
      maxConcurrent: 1,
      memoryBudgetMb: 4096,
    });
    const parked = async (recycledCount: number) => {
      while (pool.stats().spares < 1 || pool.stats().recycled < recycledCount) {
        if (pool.stats().sparesStarting === 0 && pool.stats().busy === 0) throw new Error('the pool has no spare');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await parked(0);
    if (recycled) {
      // One query to its end; its CLI is reset and parked again: the timed query runs on it.
      for await (const _ of pool.query({ prompt: 'first', options: { cwd: options.cwd } })) {
      }
      await parked(1);
    }
    ready = await settle();
    end = await firstAssistant(pool.query({ prompt: 'hi', options: { cwd: options.cwd } }));
    await pool.close({ deadlineMs: 2000 });
  }
  timing = {
    client,
    mode,
    withServer,
    fromImportMs: end - t0,
    fromCallMs: end - called,
    afterReadyMs: ready === undefined ? undefined : end - ready,
    settleMs,
    timedAtEpochMs: performance.timeOrigin + (ready ?? called),
    firstAssistantEpochMs: performance.timeOrigin + end,
  };
} finally {
  await hermetic.cleanup();
}
process.stdout.write(`${JSON.stringify(timing)}\n`);
process.exit(0);
