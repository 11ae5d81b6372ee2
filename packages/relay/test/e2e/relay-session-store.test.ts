/**
 * `sessionStore` through a relay, end to end: the real CLI runs behind the `hexagent-relay` bin in
 * another process; this process mirrors what it writes into a store (the relay reports where its
 * CLI keeps its transcripts), and, with the relay's own copy of the session deleted, resumes the
 * session from the store alone: the transcripts travel in the hello, the relay resumes from a
 * config directory of the connection's own and removes it afterwards.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySessionStore, type Options, query, type SDKMessage } from '@hexagent/sdk';
import { type HermeticCliEnv, hermeticCliEnv, ScriptedModelServer, text } from '@hexagent/testing';
import { findClaudeCli } from '@hexagent/transport-cli';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeTempDirs, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

let server: ScriptedModelServer;
let hermetic: HermeticCliEnv;
let relay: ChildProcess;
let relayUrl: string;
let relayTmp: string;
let work: string;

beforeAll(async () => {
  server = await ScriptedModelServer.start((request) => {
    const said = JSON.stringify(request.body.messages ?? []);
    if (!said.includes('What was the codename?')) return { content: [text('Noted.')] };
    return { content: [text(said.includes('The codename is pelican') ? 'It was pelican.' : 'I do not know.')] };
  });
  hermetic = await hermeticCliEnv({ baseUrl: server.url });
  work = realpathSync(mkdtempSync(join(tmpdir(), 'hexagent-relay-store-work-')));
  // The relay's own temporary directories go where this test can see them.
  relayTmp = mkdtempSync(join(tmpdir(), 'hexagent-relay-store-tmp-'));
  const inheritEnv = Object.keys(hermetic.env).filter((name) => hermetic.env[name] !== undefined);
  ({ relay, url: relayUrl } = await startRelayProcess(
    { cliPath: findClaudeCli({}), killTimeoutMs: 2000, inheritEnv: [...inheritEnv, 'TMPDIR'], cwdRoots: [work] },
    { ...hermetic.env, TMPDIR: relayTmp },
  ));
}, 60_000);

afterAll(async () => {
  if (relay !== undefined) await stopRelayProcess(relay);
  await server?.close();
  await hermetic?.cleanup();
  for (const dir of [work, relayTmp]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  removeTempDirs();
});

const resumeDirs = () => readdirSync(relayTmp).filter((name) => name.startsWith('hexagent-relay-resume-'));

async function turn(prompt: string, options: Options) {
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt, options })) messages.push(message);
  return messages;
}

describe('a session store through the relay (real CLI)', () => {
  it("mirrors the remote CLI's transcript, and resumes from the store alone in a config dir the relay removes", async () => {
    const store = new InMemorySessionStore();
    const transport = webSocketTransport({ url: relayUrl, token: TOKEN });
    const first = await turn('The codename is pelican.', { transport, sessionStore: store, cwd: work });
    const result = first.find((message) => message.type === 'result');
    expect(result).toMatchObject({ subtype: 'success', result: 'Noted.' });
    expect(first.filter((message) => message.type === 'system' && message.subtype === 'mirror_error')).toEqual([]);
    const sessionId = result?.session_id ?? '';
    const key = { projectKey: work.replace(/[^a-zA-Z0-9]/g, '-'), sessionId };
    const stored = (await store.load(key)) ?? [];
    expect(JSON.stringify(stored.filter((entry) => entry.type === 'user'))).toContain('The codename is pelican.');

    // The relay's own copy goes: only the store has the session now.
    const projects = join(hermetic.configDir, 'projects');
    expect(existsSync(join(projects, key.projectKey, `${sessionId}.jsonl`))).toBe(true);
    rmSync(projects, { recursive: true, force: true });

    // This process's temporary directory, of its own and watched: the resume writes nothing on this machine.
    const localTmp = mkdtempSync(join(tmpdir(), 'hexagent-relay-store-local-'));
    const written: string[] = [];
    const watcher = watch(localTmp, (_event, name) => written.push(String(name)));
    vi.stubEnv('TMPDIR', localTmp);
    const requestsBefore = server.requests.length;
    const second = await turn('What was the codename?', {
      transport,
      sessionStore: store,
      cwd: work,
      resume: sessionId,
    }).finally(() => vi.unstubAllEnvs());
    watcher.close();
    expect(written.filter((name) => name.startsWith('claude-resume-'))).toEqual([]);
    expect(readdirSync(localTmp)).toEqual([]);
    rmSync(localTmp, { recursive: true, force: true });
    expect(second.find((message) => message.type === 'result')).toMatchObject({
      subtype: 'success',
      result: 'It was pelican.',
      session_id: sessionId,
    });
    // What the model received: the first turn, from the store, before the second.
    const request = JSON.stringify(server.requests.slice(requestsBefore).at(-1)?.body.messages ?? []);
    expect(request.indexOf('The codename is pelican.')).toBeGreaterThan(-1);
    expect(request.indexOf('The codename is pelican.')).toBeLessThan(request.indexOf('What was the codename?'));
    // The second turn was mirrored back under the same key.
    const after = JSON.stringify(await store.load(key));
    expect(after).toContain('What was the codename?');
    expect(after).toContain('It was pelican.');
    // The resumed CLI ran in the relay's per-connection dir, not its own: nothing was written there.
    expect(existsSync(join(projects, key.projectKey, `${sessionId}.jsonl`))).toBe(false);
    await expect.poll(resumeDirs, { timeout: 10_000 }).toEqual([]);
  });
});
