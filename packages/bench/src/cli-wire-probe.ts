/**
 * `pnpm --filter @hexagent/bench bench:cli-wire`: what each SDK hands the real CLI for one query, and
 * what the CLI costs, with the spawn itself made equal (issue 36). Both SDKs get the same
 * `spawnClaudeCodeProcess` (one `child_process.spawn`, the same stdio), so any difference left is in
 * what they write, when they end the CLI's input, and how the CLI ends. Each query is a prompt, 3
 * calls of an in-process tool and an answer from one scripted model on 127.0.0.1; the caller leaves
 * at the `result`, as the scale bench does. The SDKs alternate, their order swapped every round.
 *
 * Per query (one JSON line each on stdout, a summary last): the lines written to the CLI and their
 * bytes (the writes normalised for key order and ids, so that equal writes compare equal), the bytes
 * read from it, when its input ended and when it exited after the `result`, its exit code and
 * signal, and its CPU (this process's cutime + cstime across the query, the CLI reaped before the
 * next: queries run one at a time). Options: `--rounds=6`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hermeticCliEnv, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { z } from 'zod';
import { cpuTimes } from './proc-usage.js';

type Sdk = 'hexagent' | 'official';
type Message = { type: string };
interface SpawnRequest {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
}
interface Probe {
  sdk: Sdk;
  writes: number;
  inBytes: number;
  outBytes: number;
  inputEndedAfterResultMs: number | undefined;
  exitedAfterResultMs: number;
  code: number | null;
  signal: string | null;
  cliCpuMs: number;
  normalisedWrites: string;
}

const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.split('=')[1] ?? 6);
const cli = join(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/package.json')),
  'bin',
  'claude.exe',
);
const server = await ScriptedModelServer.start((request) => {
  const results = JSON.stringify(request.body.messages ?? []).split('"tool_result"').length - 1;
  return results < 3 ? { content: [toolUse('mcp__bench__add', { a: results, b: 1 })] } : { content: [text('done')] };
});
const hermetic = await hermeticCliEnv({ baseUrl: server.url });
const env: Record<string, string> = {};
for (const [name, value] of Object.entries(hermetic.env)) if (value !== undefined) env[name] = value;

const probes: Probe[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    for (const sdk of round % 2 === 0 ? (['hexagent', 'official'] as const) : (['official', 'hexagent'] as const)) {
      const probe = await probeOne(sdk);
      probes.push(probe);
      const { normalisedWrites: _, ...line } = probe;
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  }
  process.stdout.write(`${JSON.stringify(summarise(probes))}\n`);
} finally {
  await hermetic.cleanup();
  await server.close();
}
process.exit(0);

async function probeOne(sdk: Sdk): Promise<Probe> {
  const writes: string[] = [];
  let outBytes = 0;
  let inputEndedAt: number | undefined;
  let spawned = false;
  let exit: (end: { code: number | null; signal: string | null; at: number }) => void = () => {};
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) => {
    exit = resolve;
  });
  const spawnClaudeCodeProcess = (request: SpawnRequest): ChildProcess => {
    const child = spawn(request.command, request.args, {
      cwd: request.cwd,
      env: request.env,
      stdio: ['pipe', 'pipe', 'ignore'],
      ...(request.signal && { signal: request.signal }),
    });
    spawned = true;
    const stdin = child.stdin;
    const write = stdin.write.bind(stdin) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stdin.write = ((chunk: unknown, ...rest: unknown[]) => {
      writes.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof stdin.write;
    stdin.on('finish', () => {
      inputEndedAt ??= performance.now();
    });
    child.stdout.on('data', (data: Buffer) => {
      outBytes += data.length;
    });
    child.on('exit', (code, signal) => exit({ code, signal, at: performance.now() }));
    return child;
  };
  const before = cpuTimes('self').childrenMs;
  const resultAt = await runQuery(sdk, spawnClaudeCodeProcess);
  if (!spawned) throw new Error(`${sdk}: the CLI was not spawned through spawnClaudeCodeProcess`);
  const end = await exited;
  return {
    sdk,
    writes: writes.length,
    inBytes: Buffer.byteLength(writes.join('')),
    outBytes,
    inputEndedAfterResultMs: inputEndedAt === undefined ? undefined : Math.round(inputEndedAt - resultAt),
    exitedAfterResultMs: Math.round(end.at - resultAt),
    code: end.code,
    signal: end.signal,
    cliCpuMs: cpuTimes('self').childrenMs - before,
    normalisedWrites: writes.map(normalise).join('\n'),
  };
}

/** Runs one query to its `result` and leaves; when the result came. */
async function runQuery(sdk: Sdk, spawnClaudeCodeProcess: (request: SpawnRequest) => ChildProcess): Promise<number> {
  const add = async ({ a, b }: { a: number; b: number }) => ({
    content: [{ type: 'text' as const, text: String(a + b) }],
  });
  const base = { pathToClaudeCodeExecutable: cli, env, cwd: hermetic.homeDir, allowedTools: ['mcp__bench__add'] };
  let messages: AsyncIterable<Message>;
  // The two SDKs' option types differ in the spawn's declared return type only, hence `as never`.
  if (sdk === 'hexagent') {
    const { createSdkMcpServer, query, tool } = await import('@hexagent/sdk');
    const bench = createSdkMcpServer({
      name: 'bench',
      version: '1.0.0',
      tools: [tool('add', 'Add', { a: z.number(), b: z.number() }, add)],
    });
    messages = query({ prompt: 'go', options: { ...base, mcpServers: { bench }, spawnClaudeCodeProcess } as never });
  } else {
    const { createSdkMcpServer, query, tool } = await import('@anthropic-ai/claude-agent-sdk');
    const bench = createSdkMcpServer({
      name: 'bench',
      version: '1.0.0',
      tools: [tool('add', 'Add', { a: z.number(), b: z.number() }, add)],
    });
    messages = query({ prompt: 'go', options: { ...base, mcpServers: { bench }, spawnClaudeCodeProcess } as never });
  }
  for await (const message of messages) if (message.type === 'result') return performance.now();
  throw new Error(`${sdk}: the query ended without a result`);
}

/** A written line with its ids blanked and its keys sorted, so that equal writes compare equal. */
function normalise(line: string): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== 'request_id')
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, inner]) => [key, sorted(inner)]),
          )
        : value;
  return line
    .split('\n')
    .filter((part) => part.trim() !== '')
    .map((part) => JSON.stringify(sorted(JSON.parse(part))))
    .join('\n');
}

function summarise(all: Probe[]) {
  const of = (sdk: Sdk) => all.filter((probe) => probe.sdk === sdk);
  const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const side = (sdk: Sdk) => ({
    cliCpuMs: { median: median(of(sdk).map((p) => p.cliCpuMs)), range: range(of(sdk).map((p) => p.cliCpuMs)) },
    exitedAfterResultMs: range(of(sdk).map((p) => p.exitedAfterResultMs)),
    exits: [...new Set(of(sdk).map((p) => `code ${p.code} signal ${p.signal}`))],
  });
  const writesOf = (sdk: Sdk) => new Set(of(sdk).map((probe) => probe.normalisedWrites.replace(/"id":\d+/g, '"id":0')));
  const hexagentWrites = writesOf('hexagent');
  const sameWrites = [...writesOf('official')].every((writes) => hexagentWrites.has(writes));
  return {
    summary: true,
    rounds,
    sameWritesNormalised: sameWrites,
    hexagent: side('hexagent'),
    official: side('official'),
  };
}
