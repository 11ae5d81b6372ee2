/**
 * End to end through real `ssh` to a throwaway sshd on 127.0.0.1: the real Claude Code CLI on the
 * far side against the scripted model resumes a session from a `sessionStore` alone, its
 * transcripts taken to a config directory of the far side's own that is removed afterwards (the
 * calculator query through ssh is in real-cli.test.ts).
 * Skipped with a note without ssh/sshd; under CI that is a failure.
 */
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySessionStore, type Options, query, type SDKMessage } from '@hexagent/sdk';
import { type HermeticCliEnv, hermeticCliEnv, ScriptedModelServer, text } from '@hexagent/testing';
import { findClaudeCli } from '@hexagent/transport-cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_DIR_PREFIX } from '../src/far-side-resume.js';
import { commandWrapperTransport } from '../src/index.js';
import { type Sshd, sshMissing, startSshd } from './helpers/sshd.js';

const missing = sshMissing();
const dir = mkdtempSync(join(tmpdir(), 'hexagent-wrapper-ssh-e2e-'));
let sshd: Sshd | undefined;
let server: ScriptedModelServer;
let hermetic: HermeticCliEnv;

beforeAll(async () => {
  if (missing !== undefined) return;
  sshd = await startSshd();
  server = await ScriptedModelServer.start((request) => {
    const said = JSON.stringify(request.body.messages ?? []);
    if (!said.includes('What was the codename?')) return { content: [text('Noted.')] };
    return { content: [text(said.includes('The codename is pelican') ? 'It was pelican.' : 'I do not know.')] };
  });
  hermetic = await hermeticCliEnv({ baseUrl: server.url });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await hermetic?.cleanup();
  await sshd?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function run(prompt: string, options: Options): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt, options })) messages.push(message);
  return messages;
}

describe('a store resume through ssh (real CLI)', () => {
  if (missing !== undefined) {
    it.skip(missing, () => {});
    return;
  }
  it('resumes a session from the store alone, in a far side config directory it removes afterwards', async () => {
    const work = realpathSync(mkdtempSync(join(dir, 'work-')));
    const farTmp = mkdtempSync(join(dir, 'far-tmp-'));
    const store = new InMemorySessionStore();
    const transport = commandWrapperTransport({
      wrapper: sshd?.ssh() ?? [],
      remoteShell: true,
      cli: findClaudeCli({}),
    });
    const options: Options = { transport, sessionStore: store, cwd: work, env: { ...hermetic.env, TMPDIR: farTmp } };
    const first = await run('The codename is pelican.', options);
    const result = first.find((message) => message.type === 'result');
    expect(result).toMatchObject({ subtype: 'success', result: 'Noted.' });
    const sessionId = result?.session_id ?? '';
    const key = { projectKey: work.replace(/[^a-zA-Z0-9]/g, '-'), sessionId };
    // The far side's own copy goes: only the store has the session now.
    const projects = join(hermetic.configDir, 'projects');
    expect(existsSync(join(projects, key.projectKey, `${sessionId}.jsonl`))).toBe(true);
    rmSync(projects, { recursive: true, force: true });

    const requestsBefore = server.requests.length;
    const second = await run('What was the codename?', { ...options, resume: sessionId });
    expect(second.find((message) => message.type === 'result')).toMatchObject({
      subtype: 'success',
      result: 'It was pelican.',
      session_id: sessionId,
    });
    // What the model received: the first turn, from the store, before the second.
    const request = JSON.stringify(server.requests.slice(requestsBefore).at(-1)?.body.messages ?? []);
    expect(request.indexOf('The codename is pelican.')).toBeGreaterThan(-1);
    expect(request.indexOf('The codename is pelican.')).toBeLessThan(request.indexOf('What was the codename?'));
    // The second turn was mirrored back from the far side's directory, under the same key.
    expect(JSON.stringify(await store.load(key))).toContain('It was pelican.');
    expect(existsSync(join(projects, key.projectKey, `${sessionId}.jsonl`))).toBe(false);
    const resumeDirs = () => readdirSync(farTmp).filter((name) => name.startsWith(RESUME_DIR_PREFIX));
    await expect.poll(resumeDirs, { timeout: 10_000 }).toEqual([]);
  }, 300_000);
});
