/**
 * One traced warm start in this fresh process, printed as one line of JSON:
 * `node dist/wire-trace-start.js <hexagent|official> <startup|prewarm|pool|pool-startup> <model URL> [settle ms]`.
 * Both SDKs get a logging `spawnClaudeCodeProcess` that starts the real CLI and stamps every line
 * written to it and read from it (epoch ms, `performance.timeOrigin + performance.now()`, the model
 * server's clock too), and the CPU time the CLI (every thread, from procfs `schedstat`) and this
 * process spent from the timed call to the first assistant message: on a loaded machine the CPU
 * times move far less than the wall times. See wire-trace.ts for the driver.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hermeticCliEnv } from '@hexagent/testing';

/** One traced start: every stamped event, the timed call, and the CPU spent over the timed window. */
export interface WireTrace {
  client: 'hexagent' | 'official';
  mode: 'startup' | 'prewarm' | 'pool' | 'pool-startup';
  /** Epoch ms of the timed call (`w.query()`, `claim()`, `pool.query()`). */
  callAt: number;
  /** `[epoch ms, what]`: `spawn`, `W <line>` (to the CLI), `R <line>` (from it), `ready`, `CALL`, `FIRST_ASSISTANT`. */
  events: Array<[number, string]>;
  /** CPU time of the claimed CLI over the timed window, ms (every thread). */
  cliCpuMs: number;
  /** CPU time of this process over the timed window, ms. */
  selfCpuMs: number;
}

type Message = { type: string };
type SpawnOptions = {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
};
const [client = 'hexagent', mode = 'prewarm', baseUrl = '', settleArg = '1500'] = process.argv.slice(2) as [
  WireTrace['client'],
  WireTrace['mode'],
  string,
  string,
];
const now = () => performance.timeOrigin + performance.now();
const events: WireTrace['events'] = [];
const mark = (what: string) => events.push([now(), what]);

/** Nanoseconds on CPU of every thread of `pid` (0 when it is gone). */
function cpuNs(pid: number | undefined): number {
  let total = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {}
    }
  } catch {}
  return total;
}

/** A line of the wire as `kind subtype`, short enough to read in a table. */
function summarize(line: string): string {
  try {
    const m = JSON.parse(line) as {
      type: string;
      subtype?: string;
      request?: { subtype?: string };
      response?: { subtype?: string };
      startup_mark?: string;
    };
    if (m.type === 'control_request') return `control_request ${m.request?.subtype}`;
    if (m.type === 'control_response') return `control_response ${m.response?.subtype}`;
    if (m.type === 'keep_alive') return `keep_alive ${m.startup_mark ?? ''}`;
    return m.subtype === undefined ? m.type : `${m.type} ${m.subtype}`;
  } catch {
    return `(not JSON) ${line.slice(0, 40)}`;
  }
}

/** Stamps each whole line of a stream of chunks. */
function lines(prefix: string): (chunk: unknown) => void {
  let buffer = '';
  return (chunk) => {
    buffer += String(chunk);
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      mark(`${prefix} ${summarize(buffer.slice(0, i))}`);
      buffer = buffer.slice(i + 1);
    }
  };
}

/** The CLIs started, newest last (a pool starts a replacement). */
const children: ChildProcess[] = [];
function spawnClaudeCodeProcess(options: SpawnOptions): ChildProcess {
  mark(`spawn ${options.args.join(' ')}`);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
  const child = spawn(options.command, options.args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(child);
  const written = lines('W');
  const write = child.stdin?.write.bind(child.stdin) as (chunk: unknown, ...rest: unknown[]) => boolean;
  (child.stdin as unknown as { write: typeof write }).write = (chunk, ...rest) => {
    written(chunk);
    return write(chunk, ...rest);
  };
  child.stdout?.on('data', lines('R'));
  options.signal?.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
  return child;
}

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@anthropic-ai/claude-code/package.json')), 'bin', 'claude.exe');
const hermetic = await hermeticCliEnv({ baseUrl });
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(hermetic.env)) if (value !== undefined) env[key] = value;
const options = {
  pathToClaudeCodeExecutable: cli,
  env,
  cwd: hermetic.homeDir,
  settingSources: [],
  spawnClaudeCodeProcess,
};
let callAt = 0;
let claimedCli: ChildProcess | undefined;
const start = { cli: 0, self: process.cpuUsage() };
const call = () => {
  claimedCli = children.at(-1);
  start.cli = cpuNs(claimedCli?.pid);
  start.self = process.cpuUsage();
  callAt = now();
  mark('CALL');
};
let trace: WireTrace | undefined;
const firstAssistant = async (messages: AsyncIterable<Message>) => {
  for await (const message of messages) {
    if (message.type !== 'assistant') continue;
    const self = process.cpuUsage(start.self);
    mark('FIRST_ASSISTANT');
    const cliCpuMs = (cpuNs(claimedCli?.pid) - start.cli) / 1e6;
    trace = { client, mode, callAt, events, cliCpuMs, selfCpuMs: (self.user + self.system) / 1000 };
    return;
  }
};
const settle = async () => {
  mark('ready');
  await new Promise((resolve) => setTimeout(resolve, Number(settleArg)));
};
try {
  // biome-ignore lint/suspicious/noExplicitAny: both SDKs, called the same way (see first-message.ts for the typed subset)
  const sdk: any =
    client === 'hexagent' ? await import('@hexagent/sdk') : await import('@anthropic-ai/claude-agent-sdk');
  if (mode === 'prewarm') {
    const spare = await sdk.prewarm({ options });
    await settle();
    call();
    await firstAssistant(spare.claim({ prompt: 'hi', options: { cwd: options.cwd } }));
  } else if (mode === 'startup') {
    const warm = await sdk.startup({ options });
    await settle();
    call();
    await firstAssistant(warm.query('hi'));
  } else {
    const { createAgentPool } = await import('@hexagent/agent-pool');
    const pool = createAgentPool({
      options: options as import('@hexagent/sdk').Options,
      spares: 1,
      spareStart: mode === 'pool' ? 'prewarm' : 'startup',
      maxConcurrent: 1,
      memoryBudgetMb: 4096,
    });
    while (pool.stats().spares < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    await settle();
    call();
    await firstAssistant(pool.query({ prompt: 'hi', options: { cwd: options.cwd } }));
    await pool.close({ deadlineMs: 2000 });
  }
} finally {
  await hermetic.cleanup();
}
process.stdout.write(`${JSON.stringify(trace)}\n`);
process.exit(0);
