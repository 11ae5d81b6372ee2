/**
 * The function end to end, as a platform runs it: the esbuild bundle (`dist/function.mjs`), copied
 * away from the workspace (no node_modules beside it, only node on PATH, no model credentials),
 * started as a fresh process per invocation, against the `hexagent-relay` bin running the real
 * Claude Code CLI (the scripted model behind it), with sessions in an embedded PostgreSQL.
 *
 * - two invocations in two processes: the second resumes the first's session from the store (the
 *   relay's own copy deleted in between): what the model received, what the tool got, what was answered;
 * - a session the store does not have: 404;
 * - a turn over `TURN_TIMEOUT_MS`: 504, and the relay stops the CLI;
 * - a function frozen mid-turn (SIGSTOP, as a platform freezes one) then killed: the relay stops the
 *   CLI on its own (heartbeat), and the next invocation resumes at the last completed turn.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findClaudeCli } from '@hexagent/sdk/adapters';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { hermeticCliEnv, type RecordedRequest, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { startPostgresServer } from '@hexagent/testing/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BUNDLE = fileURLToPath(new URL('../dist/function.mjs', import.meta.url));
const RELAY_BIN = join(
  dirname(createRequire(import.meta.url).resolve('@hexagent/relay/package.json')),
  'bin',
  'hexagent-relay.js',
);
const TOKEN = 'serverless-test-token-0123456789';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

/** A promise and its resolver: the model holds an answer until the test lets it go. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
const cancelReached = gate();
const cancelRelease = gate();
/** Renewed for each try of the deadline test: reached when that try's CLI asks the model. */
let slowReached = gate();
const slowRelease = gate();

async function model(request: RecordedRequest) {
  const said = JSON.stringify(request.body.messages ?? []);
  // The last user message (the CLI may add a system message after it).
  const messages = (request.body.messages ?? []) as Array<{ role?: string }>;
  const last = JSON.stringify(messages.filter((message) => message.role === 'user').at(-1) ?? {});
  if (last.includes('toolu_order')) return { content: [text('Order A-1042 shipped on 2026-11-20.')] };
  if (last.includes('Where is order A-1042?')) {
    return { content: [toolUse('mcp__orders__get_order_status', { orderId: 'A-1042' }, 'toolu_order')] };
  }
  if (last.includes('When will it arrive?')) {
    return { content: [text(said.includes('arriving 2026-11-22') ? 'It arrives on 2026-11-22.' : 'Which order?')] };
  }
  if (last.includes('Cancel order A-1042.')) {
    cancelReached.open();
    await cancelRelease.opened;
    return { content: [text('Too late: it has shipped.')] };
  }
  if (last.includes('Where is order B-7? Take your time.')) {
    slowReached.open();
    await slowRelease.opened;
    return { content: [text('B-7 is being packed.')] };
  }
  if (last.includes('What have I asked so far?')) {
    const asked = ['Where is order A-1042?', 'When will it arrive?', 'Cancel order A-1042.'].filter((q) =>
      said.includes(q),
    );
    return { content: [text(`You asked: ${asked.join(' | ')}`)] };
  }
  return { content: [text('ok')] };
}

let server: ScriptedModelServer;
let relay: ChildProcess;
let relayUrl: string;
let relayConfigDir: string;
let relayTmp: string;
let databaseUrl: string;
let store: PostgresSessionStore;
let bundle: string;
let functionTmp: string;
let work: string;

/** Every live process but the relay that runs with this test's model URL in its environment: the relay's CLIs and what they started. */
function clisOnRelay(): number[] {
  const marker = `ANTHROPIC_BASE_URL=${server.url}\0`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== relay.pid)
    .filter((pid) => {
      try {
        const zombie = /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        return !zombie && readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Waits for a line matching `pattern` on a child's stdout; resolves with its match. */
function lineOf(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match === null) return;
      child.stdout?.off('data', onData);
      resolve(match);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`exited (${code ?? signal}) before ${pattern}: ${out}`)));
  });
}

beforeAll(async () => {
  server = await ScriptedModelServer.start(model);
  cleanups.push(() => server.close());
  work = realpathSync(mkdtempSync(join(tmpdir(), 'hexagent-serverless-work-')));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));

  // The relay host: the CLI, its config dir and the model credentials live here, not in the function.
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  cleanups.push(() => hermetic.cleanup());
  relayConfigDir = hermetic.configDir;
  const config = join(hermetic.homeDir, 'relay.json');
  const inheritEnv = Object.keys(hermetic.env).filter((name) => hermetic.env[name] !== undefined);
  writeFileSync(
    config,
    JSON.stringify({
      port: 0,
      cliPath: findClaudeCli({}),
      cwdRoots: [work],
      inheritEnv,
      heartbeatIntervalMs: 1000,
      killTimeoutMs: 2000,
    }),
  );
  // The relay's temporary directories (a resumed session's config dir) go where the test sees them.
  relayTmp = mkdtempSync(join(tmpdir(), 'hexagent-serverless-relay-tmp-'));
  cleanups.push(() => rmSync(relayTmp, { recursive: true, force: true }));
  relay = spawn(process.execPath, [RELAY_BIN, '--config', config], {
    env: { ...hermetic.env, TMPDIR: relayTmp, HEXAGENT_RELAY_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    if (relay.exitCode !== null || relay.signalCode !== null) return;
    const exited = new Promise((resolve) => relay.once('exit', resolve));
    relay.kill('SIGTERM');
    await exited;
  });
  relayUrl = (await lineOf(relay, /listening on (\S+)/))[1] ?? '';

  const postgres = await startPostgresServer();
  cleanups.push(() => postgres.stop());
  databaseUrl = postgres.url;
  store = new PostgresSessionStore({ connectionString: databaseUrl });
  cleanups.push(() => store.close());
  await store.migrate(); // the deploy step: once, not per invocation

  // The deployed artifact: one file, nothing installed beside it.
  const deployed = mkdtempSync(join(tmpdir(), 'hexagent-serverless-fn-'));
  cleanups.push(() => rmSync(deployed, { recursive: true, force: true }));
  bundle = join(deployed, 'function.mjs');
  copyFileSync(BUNDLE, bundle);
  functionTmp = mkdtempSync(join(tmpdir(), 'hexagent-serverless-fn-tmp-'));
  cleanups.push(() => rmSync(functionTmp, { recursive: true, force: true }));
}, 180_000);

interface RunningFunction {
  child: ChildProcess;
  url: string;
  /** The structured lines it logged (JSON on stdout). */
  logs: Array<Record<string, unknown>>;
  startMs: number;
}

/** A fresh function process: a cold start. */
async function startFunction(extraEnv: Record<string, string> = {}): Promise<RunningFunction> {
  const started = performance.now();
  const child = spawn(process.execPath, [bundle], {
    cwd: dirname(bundle),
    env: {
      PATH: dirname(process.execPath),
      TMPDIR: functionTmp,
      RELAY_URL: relayUrl,
      RELAY_TOKEN: TOKEN,
      DATABASE_URL: databaseUrl,
      WORK_DIR: work,
      PORT: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const logs: Array<Record<string, unknown>> = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  const url = (await lineOf(child, /listening on (\S+)/))[1] ?? '';
  return { child, url, logs, startMs: performance.now() - started };
}

async function invoke(fn: RunningFunction, body: unknown, signal?: AbortSignal) {
  const started = performance.now();
  const response = await fetch(fn.url, { method: 'POST', body: JSON.stringify(body), ...(signal && { signal }) });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    ms: performance.now() - started,
  };
}

async function stopFunction(fn: RunningFunction): Promise<number | null> {
  if (fn.child.exitCode !== null) return fn.child.exitCode;
  const exited = new Promise<number | null>((resolve) => fn.child.once('exit', (code) => resolve(code)));
  fn.child.kill('SIGTERM');
  return exited;
}

const projectKey = () => work.replace(/[^a-zA-Z0-9]/g, '-');
const resumeDirsOnRelay = () => readdirSync(relayTmp).filter((name) => name.startsWith('hexagent-relay-resume-'));
let sessionId = '';

describe('the serverless handler, bundled, behind a relay (real CLI)', () => {
  it('two invocations in two fresh processes: the second resumes the first session from PostgreSQL', async () => {
    const first = await startFunction();
    const one = await invoke(first, { prompt: 'Where is order A-1042?' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ sessionId: expect.any(String), text: 'Order A-1042 shipped on 2026-11-20.' });
    sessionId = String(one.body.sessionId);
    // What the tool handler got, in the function's process (its log), and what the model received from it.
    expect(first.logs).toEqual([{ tool: 'get_order_status', input: { orderId: 'A-1042' } }]);
    expect(server.toolResults().map((result) => result.content)).toEqual([
      [{ type: 'text', text: 'Order A-1042: shipped on 2026-11-20 by parcel, arriving 2026-11-22.' }],
    ]);
    expect(await stopFunction(first)).toBe(0);

    // The turn is in the store; the relay's own copy goes, so only the store can bring it back.
    const stored = JSON.stringify(await store.load({ projectKey: projectKey(), sessionId }));
    expect(stored).toContain('Where is order A-1042?');
    expect(stored).toContain('Order A-1042 shipped on 2026-11-20.');
    rmSync(join(relayConfigDir, 'projects'), { recursive: true, force: true });

    const second = await startFunction();
    const requestsBefore = server.requests.length;
    const two = await invoke(second, { prompt: 'When will it arrive?', sessionId });
    expect(two.status).toBe(200);
    expect(two.body).toEqual({ sessionId, text: 'It arrives on 2026-11-22.' });
    // What the model received: the first turn (prompt, tool call and result) before the second prompt.
    const request = JSON.stringify(server.requests.slice(requestsBefore).at(-1)?.body.messages ?? []);
    const order = ['Where is order A-1042?', 'toolu_order', 'arriving 2026-11-22', 'When will it arrive?'].map((s) =>
      request.indexOf(s),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(second.logs).toEqual([]);
    expect(await stopFunction(second)).toBe(0);
    console.log(
      `cold start to listening: ${first.startMs.toFixed(0)} / ${second.startMs.toFixed(0)} ms; ` +
        `first invocation ${one.ms.toFixed(0)} ms, resumed ${two.ms.toFixed(0)} ms`,
    );

    // Both turns in the store; nothing left behind on either side.
    const after = JSON.stringify(await store.load({ projectKey: projectKey(), sessionId }));
    expect(after).toContain('It arrives on 2026-11-22.');
    expect(readdirSync(functionTmp).filter((name) => name.startsWith('claude-resume-'))).toEqual([]);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
    await expect.poll(resumeDirsOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('a session the store does not have: 404', async () => {
    const fn = await startFunction();
    const unknown = '0b7e3c4a-1d2f-4e5a-8b6c-7d8e9f0a1b2c';
    const reply = await invoke(fn, { prompt: 'When will it arrive?', sessionId: unknown });
    expect(reply).toMatchObject({ status: 404, body: { error: `no session ${unknown}` } });
    expect(await stopFunction(fn)).toBe(0);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('a turn over TURN_TIMEOUT_MS answers 504, and the relay stops the CLI', async () => {
    // The deadline counts from the request, so on a busy machine it may pass before the CLI on the
    // relay even asks the model: then that answer is 504 too, and the next try gives it longer.
    let midTurn = false;
    for (const timeoutMs of [3000, 12_000, 48_000]) {
      slowReached = gate();
      const fn = await startFunction({ TURN_TIMEOUT_MS: String(timeoutMs) });
      const answer = invoke(fn, { prompt: 'Where is order B-7? Take your time.' });
      const reached = slowReached.opened;
      const reachedModel = await Promise.race([reached.then(() => true), answer.then(() => false)]);
      midTurn = reachedModel;
      if (reachedModel) expect(clisOnRelay().length).toBeGreaterThan(0); // mid-turn: the model holds its answer
      const timedOut = await answer;
      expect(timedOut.status).toBe(504);
      expect(timedOut.body).toEqual({ error: `the turn took longer than ${timeoutMs} ms` });
      await expect.poll(clisOnRelay, { timeout: 15_000 }).toEqual([]);
      expect(await stopFunction(fn)).toBe(0);
      if (reachedModel) break;
      console.log(`the ${timeoutMs} ms deadline passed before the CLI asked the model: trying a longer one`);
    }
    expect(midTurn).toBe(true);
    slowRelease.open();
  }, 180_000);

  it('a function frozen mid-turn: the relay stops the CLI, and the next invocation resumes at the last completed turn', async () => {
    expect(sessionId).not.toBe('');
    const frozen = await startFunction();
    const stalled = new AbortController();
    const answer = invoke(frozen, { prompt: 'Cancel order A-1042.', sessionId }, stalled.signal).catch(
      (error: unknown) => error,
    );
    await cancelReached.opened; // the CLI on the relay waits on the model, the function waits on the CLI
    expect(clisOnRelay().length).toBeGreaterThan(0);
    frozen.child.kill('SIGSTOP'); // as a platform freezes a function between invocations
    const frozenAt = performance.now();
    await expect.poll(clisOnRelay, { timeout: 15_000, interval: 100 }).toEqual([]);
    console.log(`frozen function: the relay stopped its CLI ${(performance.now() - frozenAt).toFixed(0)} ms later`);
    // The platform reclaims the frozen function.
    const killed = new Promise((resolve) => frozen.child.once('exit', resolve));
    frozen.child.kill('SIGKILL');
    await killed;
    stalled.abort();
    await answer;
    cancelRelease.open();
    expect(relay.exitCode).toBeNull();

    const next = await startFunction();
    const requestsBefore = server.requests.length;
    const reply = await invoke(next, { prompt: 'What have I asked so far?', sessionId });
    expect(reply.status).toBe(200);
    // The cut-off turn never completed: it is not in the store, and the session goes on from the turn before.
    expect(reply.body).toEqual({ sessionId, text: 'You asked: Where is order A-1042? | When will it arrive?' });
    const request = JSON.stringify(server.requests.slice(requestsBefore).at(-1)?.body.messages ?? []);
    expect(request).not.toContain('Cancel order A-1042.');
    expect(await stopFunction(next)).toBe(0);
    await expect.poll(clisOnRelay, { timeout: 10_000 }).toEqual([]);
    await expect.poll(resumeDirsOnRelay, { timeout: 10_000 }).toEqual([]);
  });

  it('is one file of under 5 MB', () => {
    const size = statSync(BUNDLE).size;
    console.log(`bundle: ${(size / 1024 / 1024).toFixed(2)} MB`);
    expect(size).toBeLessThan(5 * 1024 * 1024);
    expect(existsSync(join(dirname(bundle), 'node_modules'))).toBe(false);
  });
});
