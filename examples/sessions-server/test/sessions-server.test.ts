/**
 * Two instances of the sessions server (separate processes, separate CLI config dirs) on one
 * embedded PostgreSQL, the real CLI and the scripted model: a session started on instance 1 is
 * continued on instance 2 after instance 1's config dir is wiped; listing and reading go through
 * the store; both shut down cleanly on SIGTERM and leave no CLI.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  hermeticCliEnv,
  listeningUrl,
  processesWithEnv,
  type RecordedRequest,
  ScriptedModelServer,
  text,
  toolUse,
} from '@hexagent/testing';
import { startPostgresServer } from '@hexagent/testing/servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function model(request: RecordedRequest) {
  const said = JSON.stringify(request.body.messages ?? []);
  const last = JSON.stringify(request.body.messages?.at(-1) ?? {});
  if (last.includes('toolu_add')) return { content: [text('Noted: the total is 42.')] };
  if (last.includes('add 40 and 2')) return { content: [toolUse('mcp__math__add', { a: 40, b: 2 }, 'toolu_add')] };
  if (last.includes('what was the total')) {
    return { content: [text(said.includes('the total is 42') ? 'The total was 42.' : 'I do not know.')] };
  }
  return { content: [text('ok')] };
}

interface Instance {
  child: ChildProcess;
  url: string;
  configDir: string;
}

let server: ScriptedModelServer;
let databaseUrl: string;
const workDir = mkdtempSync(join(tmpdir(), 'hexagent-sessions-work-'));

async function startInstance(): Promise<Instance> {
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  cleanups.push(() => hermetic.cleanup());
  const child = spawn(process.execPath, [MAIN], {
    env: { ...hermetic.env, DATABASE_URL: databaseUrl, PORT: '0', WORK_DIR: workDir, MODEL: 'claude-sonnet-4-5' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const url = await listeningUrl(child);
  return { child, url, configDir: hermetic.configDir };
}

async function call<T = Record<string, unknown>>(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Processes running with one of these config dirs in their environment: CLIs and their children. */
function processesUsing(dirs: string[]): number[] {
  return dirs.flatMap((dir) => processesWithEnv(`CLAUDE_CONFIG_DIR=${dir}`).map((record) => record.pid));
}

beforeAll(async () => {
  const postgres = await startPostgresServer();
  cleanups.push(() => postgres.stop());
  databaseUrl = postgres.url;
  server = await ScriptedModelServer.start(model);
  cleanups.push(() => server.close());
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
}, 120_000);

describe('the sessions server', () => {
  it('continues a session on another instance from PostgreSQL alone', async () => {
    const one = await startInstance();
    const two = await startInstance();

    const started = await call(one.url, 'POST', '/sessions', { prompt: 'Please add 40 and 2.' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ text: 'Noted: the total is 42.' });
    const sessionId = String(started.body['sessionId']);
    // Instance 1's disk goes away (a redeploy, another pod): only the store has the session.
    rmSync(one.configDir, { recursive: true, force: true });

    const before = server.requests.length;
    const continued = await call(two.url, 'POST', `/sessions/${sessionId}/messages`, {
      prompt: 'So what was the total?',
    });
    expect(continued).toEqual({ status: 200, body: { sessionId, text: 'The total was 42.' } });
    const seen = JSON.stringify(server.requests.slice(before).map((request) => request.body.messages));
    expect(seen).toContain('Please add 40 and 2.');

    const listed = await call<Array<{ sessionId: string }>>(two.url, 'GET', '/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.map((s) => s.sessionId)).toContain(sessionId);
    const messages = await call<Array<{ text: string }>>(one.url, 'GET', `/sessions/${sessionId}/messages`);
    expect(messages.status).toBe(200);
    const texts = messages.body.map((m) => m.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Please add 40 and 2.',
        'Noted: the total is 42.',
        'So what was the total?',
        'The total was 42.',
      ]),
    );

    expect(
      (await call(two.url, 'POST', '/sessions/8f2b7a34-0000-4000-8000-000000000000/messages', { prompt: 'hi' })).status,
    ).toBe(404);
    expect((await call(two.url, 'POST', '/sessions', { prompt: '' })).status).toBe(400);

    for (const instance of [one, two]) {
      const exited = new Promise<number | null>((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(processesUsing([one.configDir, two.configDir])).toEqual([]);
  }, 120_000);
});
