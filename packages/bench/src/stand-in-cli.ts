#!/usr/bin/env node
/**
 * A stand-in for the Claude Code CLI, for benchmarks. It takes the real CLI's argv (`--output-format
 * stream-json --verbose --input-format stream-json ...`, every flag ignored) and speaks stream-json
 * on stdin/stdout: it answers `initialize` with the answer the real CLI gave in capture 01, and on
 * each user message runs one turn of the workload chosen by the `HEXAGENT_BENCH_*` variables
 * (see `ENV` in workload.ts):
 *
 * - `stream`: N `assistant` messages, then a `result`;
 * - `tools`: W unmeasured, then N measured `tools/call` requests over `mcp_message` to the in-process
 *   server (capture 01's exact shape), K in flight, each answer checked, then a `result`.
 *
 * Round trips are measured here, from writing a `control_request` to reading its `control_response`,
 * so the numbers are comparable whichever client answers. The report rides in the `result` message
 * (field `hexagent_bench`) and, when `HEXAGENT_BENCH_REPORT` names a file, is written there too.
 * When the client names in-process servers without manifests, the MCP handshake of capture 09 runs
 * first. Message and tool-use ids are shaped like the Messages API's ({@link apiId}). Only node
 * builtins are used, so the stand-in starts fast and costs every client the same.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { latencyStats } from './stats.js';
import { ENV, REPORT_FIELD, type StandInMode, type StandInReport, TOOL_NAME } from './workload.js';

type Json = Record<string, unknown>;
type Waiter = (response: Json, readAt: bigint) => void;

const VERSION = '2.1.329';
const MODEL = 'claude-opus-5-5';
/** Streamed messages are written in chunks of about this many characters. */
const STREAM_CHUNK = 64 * 1024;

/** 14 characters that, with a counter, make this run's ids unique (see {@link apiId}). */
const ID_TAG = randomUUID().replaceAll('-', '').slice(0, 14);

/**
 * An id shaped like the Messages API's (`msg_013Zva2CMHLNnXjNJJKqJ2EF`, `toolu_01A09q90qw90lq917835lq9`):
 * the prefix, `01`, then 22 characters, here this run's tag and the counter in base 36.
 *
 * The length matters: `JSON.parse` interns string values of up to 10 characters into V8's old
 * generation, so short per-message ids such as `msg_123` added ~30 bytes of old-generation growth to
 * every message of every client, which the real CLI's 28-character ids never cause. Over 100k
 * messages that growth alone moved a client whose startup left a larger heap (any SDK) across V8's
 * first old-generation limit, so a Mark-Compact landed mid-stream for it and not for the floor.
 */
function apiId(prefix: 'msg' | 'toolu', index: number): string {
  return `${prefix}_01${ID_TAG}${index.toString(36).padStart(8, '0')}`;
}

if (process.argv.includes('--version') || process.argv.includes('-v')) {
  process.stdout.write(`${VERSION} (Claude Code)\n`);
  process.exit(0);
}

// Pinned trials: the stand-in inherits the client's CPU; move to the one asked for (see main.ts).
const cpu = process.env[ENV.standInCpu];
if (cpu !== undefined && process.platform === 'linux') {
  try {
    execFileSync('taskset', ['-p', '-c', cpu, String(process.pid)], { stdio: 'ignore' });
  } catch {
    // Not pinned: the numbers are only noisier.
  }
}

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const initializeFixture = JSON.parse(readFileSync(join(fixtures, 'initialize-response.json'), 'utf8')) as Json;
const systemInitFixture = JSON.parse(readFileSync(join(fixtures, 'system-init.json'), 'utf8')) as Json;

const settings = {
  mode: (process.env[ENV.mode] ?? 'stream') as StandInMode,
  count: positiveInt(process.env[ENV.count], 1000),
  concurrency: positiveInt(process.env[ENV.concurrency], 1),
  warmup: positiveInt(process.env[ENV.warmup], 0, true),
  server: process.env[ENV.server],
  reportFile: process.env[ENV.reportFile],
};
if (settings.mode !== 'stream' && settings.mode !== 'tools') fatal(`unknown ${ENV.mode}: ${settings.mode}`);

const sessionId = randomUUID();
/** Our requests waiting for the client's answer, by request id. */
const waiting = new Map<string, Waiter>();
const turns: Json[] = [];
let sdkServers: string[] = [];
let manifests: Json = {};
/** Whether the client sent manifests in `initialize` (so no handshake was needed). */
let manifestsSent = false;
let handshakeDone = false;
let turnCount = 0;
let busy = false;
let inputEnded = false;

process.stdout.on('error', () => process.exit(0)); // the client went away
process.stdin.setEncoding('utf8');
let rest = '';
process.stdin.on('data', (chunk: string) => {
  const readAt = process.hrtime.bigint();
  const data = rest + chunk;
  let start = 0;
  let newline = data.indexOf('\n', start);
  while (newline !== -1) {
    const line = data.slice(start, newline);
    if (line.trim() !== '') onLine(line, readAt);
    start = newline + 1;
    newline = data.indexOf('\n', start);
  }
  rest = data.slice(start);
});
process.stdin.on('end', () => {
  inputEnded = true;
  if (!busy) process.exit(0);
});

function onLine(line: string, readAt: bigint): void {
  let message: Json;
  try {
    message = JSON.parse(line) as Json;
  } catch {
    fatal(`not JSON on stdin: ${line.slice(0, 200)}`);
  }
  switch (message.type) {
    case 'control_request':
      onControlRequest(message);
      return;
    case 'control_response': {
      const response = message.response as Json | undefined;
      const id = response?.request_id;
      const waiter = typeof id === 'string' ? waiting.get(id) : undefined;
      if (waiter === undefined || response === undefined) fatal(`answer to an unknown request: ${line.slice(0, 200)}`);
      waiting.delete(id as string);
      waiter(response, readAt);
      return;
    }
    case 'user':
      turns.push(message);
      void runTurns();
      return;
    default:
      // keep_alive and anything newer: ignored, as the real CLI does with what it does not know.
      return;
  }
}

function onControlRequest(message: Json): void {
  const requestId = message.request_id as string;
  const request = (message.request ?? {}) as Json;
  let response: Json = {};
  if (request.subtype === 'initialize') {
    sdkServers = Array.isArray(request.sdkMcpServers) ? (request.sdkMcpServers as string[]) : [];
    manifests = (request.sdkMcpServerManifests as Json | undefined) ?? {};
    manifestsSent = Object.keys(manifests).length > 0;
    response = {
      ...initializeFixture,
      pid: process.pid,
      sdk_mcp_manifests_parked: Object.fromEntries(Object.keys(manifests).map((name) => [name, 'parked'])),
    };
  } else if (request.subtype === 'interrupt') {
    response = { still_queued: [] };
  }
  send({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });
}

async function runTurns(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    for (let turn = turns.shift(); turn !== undefined; turn = turns.shift()) await runTurn();
  } finally {
    busy = false;
  }
  if (inputEnded) process.exit(0);
}

async function runTurn(): Promise<void> {
  const started = Date.now();
  send(sessionState('running'));
  if (turnCount++ === 0) send(systemInit());
  if (!handshakeDone) {
    handshakeDone = true;
    for (const server of sdkServers) if (manifests[server] === undefined) await handshake(server);
  }
  const report = settings.mode === 'stream' ? await stream() : await toolCalls();
  if (settings.reportFile !== undefined) writeFileSync(settings.reportFile, JSON.stringify(report));
  send(assistant(apiId('msg', 0), 'done', new Date().toISOString()));
  send(result(Date.now() - started, report));
  send(sessionState('idle'));
}

/**
 * Mode `stream`: N assistant messages as fast as the client takes them. Each line is spliced from a
 * template (its own message id, uuid and text), so that writing costs far less than any client's
 * reading and the stand-in never sets the pace.
 */
async function stream(): Promise<StandInReport> {
  // With a warm-up, W more messages come first, in the same stream: clients measure from message W + 1.
  const { count: measured, warmup } = settings;
  const count = warmup + measured;
  const text =
    'Part @I@ of a streamed answer: the quick brown fox jumps over the lazy dog, and the model keeps talking so that each message is about the size of a real one.';
  const sample = { ...assistant('@M@', text, '@T@'), uuid: '@U@' };
  const [head, afterId, afterText, afterUuid, tail] = JSON.stringify(sample).split(/@M@|@I@|@U@|@T@/) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const uuidPrefix = randomUUID().slice(0, 24);
  const start = process.hrtime.bigint();
  let chunk = '';
  let timestamp = new Date().toISOString();
  for (let index = 1; index <= count; index++) {
    chunk += `${head}${apiId('msg', index)}${afterId}${index}${afterText}${uuidPrefix}${(index + 0x100000000000).toString(16)}${afterUuid}${timestamp}${tail}\n`;
    if (chunk.length >= STREAM_CHUNK) {
      await write(chunk);
      chunk = '';
      timestamp = new Date().toISOString();
    }
  }
  if (chunk !== '') await write(chunk);
  return {
    mode: 'stream',
    count: measured,
    concurrency: 1,
    warmup,
    wallMs: Number(process.hrtime.bigint() - start) / 1e6,
    errors: 0,
    manifests: manifestsSent,
  };
}

/** Mode `tools`: W + N `tools/call` round trips, K in flight, each measured from write to answer. */
function toolCalls(): Promise<StandInReport> {
  const { count, concurrency, warmup } = settings;
  const server = settings.server ?? sdkServers[0];
  if (server === undefined) fatal('mode tools needs an in-process server: none was named in initialize');
  const serverJson = JSON.stringify(server);
  const total = warmup + count;
  const roundTrips = new Float64Array(count);
  let issued = 0;
  let answered = 0;
  let errors = 0;
  let measuredFrom = 0n;
  return new Promise((resolve) => {
    const issue = (): void => {
      const index = issued++;
      const id = index + 2; // ids 0 and 1 are the handshake's, as in the captures
      const requestId = randomUUID();
      const line = `{"type":"control_request","request_id":"${requestId}","request":{"subtype":"mcp_message","server_name":${serverJson},"message":{"method":"tools/call","params":{"name":"${TOOL_NAME}","arguments":{"a":${index},"b":27},"_meta":{"claudecode/toolUseId":"${apiId('toolu', index)}","progressToken":${id}}},"jsonrpc":"2.0","id":${id}}}}\n`;
      const sentAt = process.hrtime.bigint();
      if (index === warmup) measuredFrom = sentAt;
      waiting.set(requestId, (response, readAt) => {
        if (!isToolAnswer(response, id, String(index + 27))) errors++;
        if (index >= warmup) roundTrips[index - warmup] = Number(readAt - sentAt) / 1e3;
        answered++;
        if (issued < total) issue();
        else if (answered === total) {
          resolve({
            mode: 'tools',
            count,
            concurrency,
            warmup,
            wallMs: Number(readAt - measuredFrom) / 1e6,
            roundTripUs: latencyStats(roundTrips),
            errors,
            manifests: manifestsSent,
          });
        }
      });
      process.stdout.write(line);
    };
    for (let k = 0; k < Math.min(concurrency, total); k++) issue();
  });
}

function isToolAnswer(response: Json, id: number, text: string): boolean {
  if (response.subtype !== 'success') return false;
  const mcp = (response.response as Json | undefined)?.mcp_response as Json | undefined;
  const content = (mcp?.result as Json | undefined)?.content as Json[] | undefined;
  return mcp?.id === id && content?.[0]?.text === text;
}

/** The MCP handshake the CLI runs for a server without a manifest (capture 09). */
async function handshake(server: string): Promise<void> {
  const clientInfo = { name: 'claude-code', title: 'Claude Code', version: VERSION };
  const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo };
  await mcpRequest(server, { method: 'initialize', params: init, jsonrpc: '2.0', id: 0 });
  await mcpRequest(server, { jsonrpc: '2.0', method: 'notifications/initialized' });
  const list = await mcpRequest(server, { method: 'tools/list', jsonrpc: '2.0', id: 1 });
  manifests[server] = { toolsListResult: (list.mcp_response as Json | undefined)?.result };
}

function mcpRequest(server: string, message: Json): Promise<Json> {
  const requestId = randomUUID();
  return new Promise((resolve) => {
    waiting.set(requestId, (response) => {
      if (response.subtype !== 'success') fatal(`MCP handshake failed: ${JSON.stringify(response)}`);
      resolve((response.response as Json | undefined) ?? {});
    });
    send({
      type: 'control_request',
      request_id: requestId,
      request: { subtype: 'mcp_message', server_name: server, message },
    });
  });
}

function systemInit(): Json {
  const mcpTools: string[] = [];
  for (const server of sdkServers) {
    const list = (manifests[server] as Json | undefined)?.toolsListResult as { tools?: Json[] } | undefined;
    for (const tool of list?.tools ?? []) mcpTools.push(`mcp__${server}__${String(tool.name)}`);
  }
  const builtins = (systemInitFixture.tools as string[]).filter((name) => !name.startsWith('mcp__'));
  return {
    ...systemInitFixture,
    cwd: process.cwd(),
    original_cwd: process.cwd(),
    session_id: sessionId,
    uuid: randomUUID(),
    tools: [...builtins, ...mcpTools],
    mcp_servers: sdkServers.map((name) => ({ name, status: 'connected', source: 'sdk' })),
  };
}

function sessionState(state: 'running' | 'idle'): Json {
  return {
    type: 'system',
    subtype: 'session_state_changed',
    state,
    sdk_host_only: true,
    uuid: randomUUID(),
    session_id: sessionId,
  };
}

function assistant(id: string, text: string, timestamp: string): Json {
  return {
    type: 'assistant',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text }],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
      context_management: null,
    },
    parent_tool_use_id: null,
    session_id: sessionId,
    uuid: randomUUID(),
    timestamp,
  };
}

function result(durationMs: number, report: StandInReport): Json {
  return {
    type: 'result',
    subtype: 'success',
    is_error: false,
    api_error_status: null,
    duration_ms: durationMs,
    duration_api_ms: durationMs,
    num_turns: 1,
    result: 'done',
    stop_reason: 'end_turn',
    session_id: sessionId,
    total_cost_usd: 0,
    usage: { input_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 10 },
    modelUsage: {},
    permission_denials: [],
    uuid: randomUUID(),
    [REPORT_FIELD]: report,
  };
}

function send(message: Json): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function write(chunk: string): Promise<void> {
  if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
}

function positiveInt(value: string | undefined, fallback: number, zeroOk = false): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < (zeroOk ? 0 : 1)) fatal(`bad number: ${value}`);
  return parsed;
}

function fatal(message: string): never {
  process.stderr.write(`stand-in CLI: ${message}\n`);
  process.exit(2);
}
