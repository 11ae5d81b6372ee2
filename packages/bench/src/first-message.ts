/**
 * Time to the first assistant message with the REAL CLI, in this fresh process, printed as one
 * line of JSON: `node dist/first-message.js <hexagent|official> <cold|startup|prewarm|pool> <model URL>`.
 *
 * The SDK is imported after the clock starts, so `fromImportMs` is what a user's first call feels
 * in a new process. `fromCallMs` starts at the call that starts the CLI (`query()`, `startup()`,
 * `prewarm()`, `createAgentPool()`); `afterReadyMs` starts once the warm CLI is ready (the
 * `WarmQuery`/`SpareProcess` resolved, the pool's spare parked) and ends at the first assistant
 * message. Both SDKs get the same options: the workspace's CLI, a fresh hermetic home, no
 * in-process server. Only 127.0.0.1 traffic.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hermeticCliEnv } from '@hexagent/testing';

/** One reading. */
export interface FirstMessageTiming {
  client: 'hexagent' | 'official';
  mode: 'cold' | 'startup' | 'prewarm' | 'pool';
  fromImportMs: number;
  fromCallMs: number;
  /** For the warm modes: from ready to the first assistant message. */
  afterReadyMs: number | undefined;
}

type Message = { type: string };
const [client = 'hexagent', mode = 'cold', baseUrl = ''] = process.argv.slice(2) as [
  FirstMessageTiming['client'],
  FirstMessageTiming['mode'],
  string,
];
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@anthropic-ai/claude-code/package.json')), 'bin', 'claude.exe');
const hermetic = await hermeticCliEnv({ baseUrl });
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) env[key] = value;
const options = { pathToClaudeCodeExecutable: cli, env, cwd: hermetic.homeDir };

/** What this bench uses of either SDK (the same names and shapes in both). */
interface SdkLike {
  query(params: { prompt: string; options: typeof options }): AsyncIterable<Message>;
  startup(params: { options: typeof options }): Promise<{ query(prompt: string): AsyncIterable<Message> }>;
  prewarm(params: {
    options: typeof options;
  }): Promise<{ claim(params: { prompt: string; options: { cwd: string } }): AsyncIterable<Message> }>;
}

/** When the first assistant message arrived (leaving the loop then stops the query). */
async function firstAssistant(messages: AsyncIterable<Message>): Promise<number> {
  for await (const message of messages) if (message.type === 'assistant') return performance.now();
  throw new Error('no assistant message');
}

let timing: FirstMessageTiming;
try {
  const t0 = performance.now();
  const sdk = (client === 'hexagent'
    ? await import('@hexagent/sdk')
    : await import('@anthropic-ai/claude-agent-sdk')) as unknown as SdkLike;
  const called = performance.now();
  let ready: number | undefined;
  let end: number;
  if (mode === 'cold') {
    end = await firstAssistant(sdk.query({ prompt: 'hi', options }));
  } else if (mode === 'startup') {
    const warm = await sdk.startup({ options });
    ready = performance.now();
    end = await firstAssistant(warm.query('hi'));
  } else if (mode === 'prewarm') {
    const spare = await sdk.prewarm({ options });
    ready = performance.now();
    end = await firstAssistant(spare.claim({ prompt: 'hi', options: { cwd: options.cwd } }));
  } else {
    const { createAgentPool } = await import('@hexagent/sdk');
    const pool = createAgentPool({ options, spares: 1, maxConcurrent: 1, memoryBudgetMb: 4096 });
    while (pool.stats().spares < 1) {
      if (pool.stats().sparesStarting === 0) throw new Error('the pool has no spare');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    ready = performance.now();
    end = await firstAssistant(pool.query({ prompt: 'hi', options: { cwd: options.cwd } }));
    await pool.close({ deadlineMs: 2000 });
  }
  timing = {
    client,
    mode,
    fromImportMs: end - t0,
    fromCallMs: end - called,
    afterReadyMs: ready === undefined ? undefined : end - ready,
  };
} finally {
  await hermetic.cleanup();
}
process.stdout.write(`${JSON.stringify(timing)}\n`);
process.exit(0);
