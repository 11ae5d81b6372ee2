/**
 * The fault scenarios of the `sessionStore` e2e tests with the real stores (PostgreSQL, Redis):
 * the store's server stopped and restarted mid-session, and two host processes appending to one
 * session at once. Each runs the real CLI against the scripted model.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  foldSessionSummary,
  query,
  type SDKMessage,
  type SessionKey,
  type SessionStore,
  type SessionStoreEntry,
} from '@hexagent/sdk';
import type { ScriptedModelServer } from '@hexagent/testing';
import { results } from '@hexagent/testing';
import type { RunningServer } from '@hexagent/testing/servers';
import { expect } from 'vitest';
import { hostEnv, runHost, type Track } from './session-store-scenarios.js';

type MirrorError = { error: string; key: SessionKey; session_id: string };

const user = (content: string) => ({
  type: 'user' as const,
  message: { role: 'user' as const, content },
  parent_tool_use_id: null,
});

/** Entry types the CLI writes locally but never mirrors (its records of each API request). */
const LOCAL_ONLY = /^api-request(-shape|-blob)?$/;

/** The transcript entries whose text mentions `needle` (a prompt or an answer). */
const mentioning = (entries: SessionStoreEntry[], needle: string) =>
  entries.filter((entry) => entry.type !== 'last-prompt' && JSON.stringify(entry).includes(needle));

/**
 * One query, three turns, with the store's server stopped for the second: turn 1 lands in the
 * store; the server is halted; turn 2 completes, a `mirror_error` comes before its `result`, the
 * local transcript has every entry; the server is restarted on the same port with the same data;
 * turn 3 lands without the test touching the store's client (it reconnects by itself). The
 * mirror drops a batch after its retries, as the official SDK does: what the CLI wrote between
 * turn 1's result and turn 2's (turn 2's prompt and answer) is lost to the store, and nothing
 * else is: the store holds exactly the local transcript minus that run.
 */
export async function storeOutageMidSession(options: {
  server: ScriptedModelServer;
  database: Pick<RunningServer, 'halt' | 'restart'>;
  store: SessionStore;
  cwd: string;
  track: Track;
  /** What the `mirror_error` says while the server is down. */
  downError: RegExp;
}): Promise<void> {
  const { server, database, store, cwd, track, downError } = options;
  const { env, configDir } = await hostEnv(server, track);
  let halted = false;
  track(async () => {
    if (halted) await database.restart();
  });
  const turnEnded: Array<() => void> = [];
  const nextResult = () => new Promise<void>((resolve) => turnEnded.push(resolve));
  const atTurnOne: { stored: SessionStoreEntry[] | null } = { stored: null };
  let key: SessionKey | undefined;
  async function* prompts() {
    yield user('turn one');
    await nextResult();
    // The result is yielded only after its turn was appended: turn 1 is in the store now.
    atTurnOne.stored = key === undefined ? null : await store.load(key);
    await database.halt();
    halted = true;
    yield user('turn two');
    await nextResult();
    await database.restart();
    halted = false;
    yield user('turn three');
    await nextResult();
  }
  const seen: SDKMessage[] = [];
  for await (const message of query({
    prompt: prompts(),
    options: { cwd, env, model: 'claude-sonnet-4-5', settingSources: [], sessionStore: store },
  })) {
    seen.push(message);
    if (message.type === 'result') {
      const projectKey = readdirSync(join(configDir, 'projects'))[0] ?? '';
      key = { projectKey, sessionId: message.session_id };
      turnEnded.shift()?.();
    }
  }
  expect(results(seen).map((r) => r.result)).toEqual(['answer one', 'answer two', 'answer three']);
  if (key === undefined) throw new Error('no result');
  expect(new Set(results(seen).map((r) => r.session_id))).toEqual(new Set([key.sessionId]));

  // One mirror_error, for the main transcript's batch of turn 2, yielded before turn 2's result.
  const kinds = seen.map((m) => ('subtype' in m ? `${m.type}/${m.subtype}` : m.type));
  const resultAt = kinds.flatMap((kind, i) => (kind.startsWith('result/') ? [i] : []));
  const errorAt = kinds.flatMap((kind, i) => (kind === 'system/mirror_error' ? [i] : []));
  expect(errorAt).toHaveLength(1);
  expect(errorAt[0]).toBeGreaterThan(resultAt[0] ?? Infinity);
  expect(errorAt[0]).toBeLessThan(resultAt[1] ?? -1);
  const mirrorError = seen[errorAt[0] ?? -1] as unknown as MirrorError;
  expect(mirrorError.error).toMatch(downError);
  expect(mirrorError.key).toEqual(key);
  expect(mirrorError.session_id).toBe(key.sessionId);

  // Locally nothing is lost.
  const local = readFileSync(join(configDir, 'projects', key.projectKey, `${key.sessionId}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SessionStoreEntry);
  for (const said of ['turn one', 'answer one', 'turn two', 'answer two', 'turn three', 'answer three']) {
    expect(mentioning(local, said).length, said).toBeGreaterThan(0);
  }
  const afterTurnOne = atTurnOne.stored ?? [];
  expect(mentioning(afterTurnOne, 'answer one').length).toBeGreaterThan(0);

  // The store: the local transcript (but the CLI's own request records, which it never mirrors)
  // less one contiguous run, the batch dropped while the server was down. It starts right after
  // what the store held at turn 1's result and holds turn 2's prompt and answer, nothing of turns
  // 1 or 3; everything after it (turn 3, and what the CLI wrote at exit) landed.
  const mirrored = local.filter((entry) => !LOCAL_ONLY.test(String(entry.type)));
  const stored = (await store.load(key)) ?? [];
  const first = mirrored.findIndex((entry, i) => !isDeepStrictEqual(entry, stored[i]));
  expect(first).toBe(afterTurnOne.length);
  expect(stored.slice(0, first)).toEqual(afterTurnOne);
  const tail = stored.length - first;
  expect(tail).toBeGreaterThan(0);
  expect(stored.slice(first)).toEqual(mirrored.slice(mirrored.length - tail));
  const lost = mirrored.slice(first, mirrored.length - tail);
  expect(lost.find((entry) => entry.type === 'user' && JSON.stringify(entry).includes('turn two'))).toBeDefined();
  expect(
    lost.find((entry) => entry.type === 'assistant' && JSON.stringify(entry).includes('answer two')),
  ).toBeDefined();
  for (const kept of ['turn one', 'answer one', 'turn three', 'answer three']) {
    expect(mentioning(lost, kept), kept).toEqual([]);
    expect(mentioning(stored, kept).length, kept).toBeGreaterThan(0);
  }
}

/**
 * Host A starts a session; hosts B and C (separate processes, fresh config dirs) resume it at the
 * same time and each append two turns to it through the store, mirroring every frame at once
 * (`eager`) so their appends interleave. The store then holds one consistent session: no
 * duplicate uuid, every host's turns, a summary equal to `foldSessionSummary` over `load()`, and
 * `listSessions()` with the summary's mtime.
 */
export async function concurrentHosts(options: {
  server: ScriptedModelServer;
  storeSpec: string;
  store: SessionStore;
  cwd: string;
  track: Track;
}): Promise<void> {
  const { server, storeSpec, store, cwd, track } = options;
  const hostA = await hostEnv(server, track);
  const first = results(await runHost(hostA.env, storeSpec, cwd, '-', 'turn one'))[0];
  expect(first?.result).toBe('answer one');
  const sessionId = String(first?.session_id);
  const projectKey = readdirSync(join(hostA.configDir, 'projects'))[0] ?? '';
  const [hostB, hostC] = await Promise.all([hostEnv(server, track), hostEnv(server, track)]);
  const eager = (env: Record<string, string | undefined>) => ({ ...env, HEXAGENT_TEST_STORE_FLUSH: 'eager' });
  const [messagesB, messagesC] = await Promise.all([
    runHost(eager(hostB.env), storeSpec, cwd, sessionId, 'turn two from B', 'turn three from B'),
    runHost(eager(hostC.env), storeSpec, cwd, sessionId, 'turn two from C', 'turn three from C'),
  ]);
  for (const messages of [messagesB, messagesC]) {
    expect(results(messages).map((r) => [r.result, r.session_id])).toEqual([
      ['answer two', sessionId],
      ['answer three', sessionId],
    ]);
  }

  const key = { projectKey, sessionId };
  const entries = (await store.load(key)) ?? [];
  const uuids = entries.flatMap((entry) => (typeof entry.uuid === 'string' ? [entry.uuid] : []));
  expect(new Set(uuids).size).toBe(uuids.length);
  for (const said of ['turn one', 'turn two from B', 'turn three from B', 'turn two from C', 'turn three from C']) {
    expect(mentioning(entries, said).length, said).toBeGreaterThan(0);
  }
  const summary = (await store.listSessionSummaries?.(projectKey))?.find((s) => s.sessionId === sessionId);
  expect(summary?.data).toEqual(foldSessionSummary(undefined, key, entries).data);
  expect(summary?.data.firstPrompt).toBe('turn one');
  const listed = (await store.listSessions?.(projectKey))?.find((s) => s.sessionId === sessionId);
  expect(listed?.mtime).toBe(summary?.mtime);
}
