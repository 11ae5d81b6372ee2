/**
 * `sessionStore` on the real CLI with the scripted model: a session resumed on another "host" from
 * the store alone (two child processes sharing a file-backed store), a store that goes down and
 * comes back mid-session, a resume with the store unreachable, and concurrent appends to one session.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  InMemorySessionStore,
  query,
  ResultError,
  type SDKMessage,
  type SessionKey,
  type SessionStore,
  type SessionStoreEntry,
  SessionStoreLoadError,
} from '@hexagent/sdk';
import type { ScriptedModelServer } from '@hexagent/testing';
import { collect, collectSettled, results, TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs test fixture without types
import { FileSessionStore } from './fixtures/file-session-store.mjs';
import { crossHostResume, hostEnv, sessionStoreModel, type Track, userTexts } from './session-store-scenarios.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

const tempDir = (prefix: string): string => scope.tempDir(prefix);
const track: Track = (cleanup) => scope.defer(cleanup);
const modelServer = () => sessionStoreModel(track);
const cliEnv = (server: ScriptedModelServer) => hostEnv(server, track);

/** Sends each prompt after the previous result, then ends the input. */
async function* prompts(
  ...texts: string[]
): AsyncGenerator<{ type: 'user'; message: { role: 'user'; content: string }; parent_tool_use_id: null }> {
  for (const content of texts) {
    yield { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null };
    await turnDone.next();
  }
}
const turnDone = {
  waiters: [] as Array<() => void>,
  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  },
  fire(): void {
    this.waiters.shift()?.();
  },
};

describe('sessionStore on the real CLI', () => {
  it('(a) resumes on another host from the store alone, with the earlier turns and the subagent transcript', async () => {
    const server = await modelServer();
    const storeDir = tempDir('hx-store-');
    const cwd = tempDir('hx-proj-');
    const store = new FileSessionStore(storeDir) as SessionStore;
    const { projectKey } = await crossHostResume({ server, storeSpec: storeDir, store, cwd, track });
    // The file store keeps the project under its (encoded) key.
    expect(readdirSync(storeDir).map(decodeURIComponent)).toEqual([projectKey]);
  }, 180_000);

  it('(b) a store that goes down mid-session: the turn completes, mirror_error appears, nothing is lost locally, later batches land', async () => {
    const server = await modelServer();
    const { env, configDir } = await cliEnv(server);
    const cwd = tempDir('hx-proj-');
    const inner = new InMemorySessionStore();
    let down = true;
    const failing: SessionStore = {
      append: async (key: SessionKey, entries: SessionStoreEntry[]) => {
        if (down) throw new Error('store unreachable');
        await inner.append(key, entries);
      },
      load: (key) => inner.load(key),
    };
    const seen: SDKMessage[] = [];
    for await (const message of query({
      prompt: prompts('second turn', 'what was it?'),
      options: { cwd, env, model: 'claude-sonnet-4-5', settingSources: [], sessionStore: failing },
    })) {
      seen.push(message);
      if (message.type === 'result') {
        down = false; // back up after the first turn
        turnDone.fire();
      }
    }
    const messages = seen;
    const kinds = messages.map((m) => ('subtype' in m ? `${m.type}/${m.subtype}` : m.type));
    expect(results(messages).map((r) => r.result)).toEqual(['second answer', 'it was pelican']);
    const firstResult = kinds.indexOf('result/success');
    expect(kinds.slice(0, firstResult)).toContain('system/mirror_error');
    const error = messages.find((m) => m.type === 'system' && 'subtype' in m && m.subtype === 'mirror_error') as
      | { error: string; key: SessionKey; session_id: string }
      | undefined;
    expect(error?.error).toBe('store unreachable');
    const sessionId = String(results(messages)[0]?.session_id);
    expect(error?.key.sessionId).toBe(sessionId);
    // Locally everything is there.
    const local = join(configDir, 'projects', error?.key.projectKey ?? '', `${sessionId}.jsonl`);
    const localText = readFileSync(local, 'utf8');
    expect(localText).toContain('second turn');
    expect(localText).toContain('what was it?');
    // The second turn's batches landed once the store was back.
    const stored = JSON.stringify(inner.getEntries({ projectKey: error?.key.projectKey ?? '', sessionId }));
    expect(stored).toContain('what was it?');
    expect(stored).toContain('it was pelican');
  }, 120_000);

  it('(c) resume with the store unreachable ends within loadTimeoutMs in a SessionStoreLoadError, spawning nothing', async () => {
    const server = await modelServer();
    const { env } = await cliEnv(server);
    const hung: SessionStore = { append: async () => {}, load: () => new Promise(() => {}) };
    const started = performance.now();
    const error = await collect(
      query({
        prompt: 'what was it?',
        options: { env, settingSources: [], sessionStore: hung, resume: randomUUID(), loadTimeoutMs: 1_000 },
      }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const elapsed = performance.now() - started;
    expect(SessionStoreLoadError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'SESSION_STORE_LOAD_FAILED', operation: 'load', timedOut: true });
    // The timeout ends it: not before loadTimeoutMs, and within half of it more.
    expect(elapsed).toBeGreaterThanOrEqual(995);
    expect(elapsed).toBeLessThan(1_500);
    expect(server.requests).toHaveLength(0);
  }, 30_000);

  it('(c) resume of a session the store does not have behaves as the official SDK: the CLI finds no conversation', async () => {
    const server = await modelServer();
    const { env } = await cliEnv(server);
    const missing = randomUUID();
    const { messages, error } = await collectSettled(
      query({
        prompt: 'what was it?',
        options: { env, settingSources: [], sessionStore: new InMemorySessionStore(), resume: missing },
      }),
    );
    const result = results(messages)[0];
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    expect(JSON.stringify(result)).toMatch(/No conversation found/);
    // Then the iteration throws, as the official SDK's does: the refused resume is an error result.
    expect(ResultError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `Claude Code returned an error result: No conversation found with session ID: ${missing}`,
    );
    expect(server.requests.filter((request) => request.kind === 'main')).toHaveLength(0);
  }, 60_000);

  it('(d) two queries appending to one session keep one consistent summary (one process, InMemorySessionStore)', async () => {
    const server = await modelServer();
    const { env } = await cliEnv(server);
    const cwd = tempDir('hx-proj-');
    const store = new InMemorySessionStore();
    const first = await collect(
      query({ prompt: 'second turn', options: { cwd, env, settingSources: [], sessionStore: store } }),
    );
    const sessionId = String(results(first)[0]?.session_id);
    await Promise.all(
      ['what was it?', 'what was it? again'].map((prompt) =>
        collect(query({ prompt, options: { cwd, env, settingSources: [], sessionStore: store, resume: sessionId } })),
      ),
    );
    const summaries = await store.listSessionSummaries(
      readdirSync(join(env.CLAUDE_CONFIG_DIR ?? '', 'projects'))[0] ?? '',
    );
    expect(summaries.map((summary) => summary.sessionId)).toEqual([sessionId]);
    const projectKey = readdirSync(join(env.CLAUDE_CONFIG_DIR ?? '', 'projects'))[0] ?? '';
    const entries = store.getEntries({ projectKey, sessionId });
    const uuids = entries.flatMap((entry) => (entry.uuid === undefined ? [] : [entry.uuid]));
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(JSON.stringify(entries)).toContain('what was it? again');
  }, 120_000);

  it('continue with a store resumes the latest session of the project on a fresh config dir', async () => {
    const server = await modelServer();
    const cwd = tempDir('hx-proj-');
    const store = new InMemorySessionStore();
    const first = await cliEnv(server);
    const one = await collect(
      query({ prompt: 'second turn', options: { cwd, env: first.env, settingSources: [], sessionStore: store } }),
    );
    const sessionId = String(results(one)[0]?.session_id);
    const fresh = await cliEnv(server);
    const before = server.requests.length;
    const two = await collect(
      query({
        prompt: 'what was it?',
        options: { cwd, env: fresh.env, settingSources: [], sessionStore: store, continue: true },
      }),
    );
    expect(results(two)[0]).toMatchObject({ session_id: sessionId, result: 'it was pelican' });
    const last = server.requests
      .slice(before)
      .filter((request) => request.kind === 'main')
      .at(-1);
    expect(last && userTexts(last)).toContain('second answer');
  }, 60_000);
});
