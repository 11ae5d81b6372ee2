import { InMemorySessionStore, type SessionKey, type SessionStore, type SessionStoreEntry } from '@hexagent/core';
import {
  archiveSession,
  deleteSession,
  forkSession,
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  importSessionToStore,
  listSessions,
  listSubagents,
  renameSession,
  SessionStoreUnsupportedError,
  tagSession,
} from '@hexagent/sessions';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_ID, AGENT_SESSION, FIXTURE_DIR, TOOL_SESSION, tempConfigDir } from './config-dir.js';

let config: ReturnType<typeof tempConfigDir>;
beforeEach(() => {
  config = tempConfigDir();
});
afterEach(() => config.dispose());

const dir = FIXTURE_DIR;

/** The store with both fixture sessions imported, and the appends it received. */
async function importedStore(batchSize?: number) {
  const store = new InMemorySessionStore();
  const appends: Array<{ key: SessionKey; count: number }> = [];
  const spy: SessionStore = {
    append: (key, entries) => {
      appends.push({ key, count: entries.length });
      return store.append(key, entries);
    },
    load: (key) => store.load(key),
  };
  await importSessionToStore(TOOL_SESSION, spy, { dir, ...(batchSize !== undefined && { batchSize }) });
  await importSessionToStore(AGENT_SESSION, spy, { dir });
  return { store, appends };
}

describe('session functions with a sessionStore', () => {
  it('imports in batches, sub-agents with their metadata, and reads back what the files give', async () => {
    const { store, appends } = await importedStore(5);
    const toolAppends = appends.filter((a) => a.key.sessionId === TOOL_SESSION);
    expect(toolAppends.length).toBeGreaterThan(1);
    expect(toolAppends.every((a) => a.count <= 5)).toBe(true);
    expect(await store.listSubkeys({ projectKey: appends[0]?.key.projectKey ?? '', sessionId: AGENT_SESSION })).toEqual(
      [`subagents/agent-${AGENT_ID}`],
    );
    const sessionStore = store;
    const fromDisk = await listSessions({ dir });
    const fromStore = await listSessions({ dir, sessionStore });
    expect(fromStore.map((s) => [s.sessionId, s.summary, s.firstPrompt, s.cwd])).toEqual(
      expect.arrayContaining(fromDisk.map((s) => [s.sessionId, s.summary, s.firstPrompt, s.cwd])),
    );
    expect(await getSessionMessages(TOOL_SESSION, { dir, sessionStore })).toEqual(
      await getSessionMessages(TOOL_SESSION),
    );
    expect((await getSessionInfo(TOOL_SESSION, { dir, sessionStore }))?.summary).toBe('SECOND what next');
    expect(await listSubagents(AGENT_SESSION, { dir, sessionStore })).toEqual([AGENT_ID]);
    expect(await getSubagentMessages(AGENT_SESSION, AGENT_ID, { dir, sessionStore })).toEqual(
      await getSubagentMessages(AGENT_SESSION, AGENT_ID),
    );
  });

  it('leaves sub-agents out when asked', async () => {
    const store = new InMemorySessionStore();
    await importSessionToStore(AGENT_SESSION, store, { dir, includeSubagents: false });
    expect(await listSubagents(AGENT_SESSION, { dir, sessionStore: store })).toEqual([]);
  });

  it('renames, tags, forks and deletes in the store; archiving is refused', async () => {
    const { store } = await importedStore();
    const sessionStore = store;
    await renameSession(TOOL_SESSION, 'Named', { dir, sessionStore });
    await tagSession(TOOL_SESSION, 'tg', { dir, sessionStore });
    expect((await listSessions({ dir, sessionStore })).find((s) => s.sessionId === TOOL_SESSION)).toMatchObject({
      summary: 'Named',
      tag: 'tg',
    });
    const { sessionId } = await forkSession(TOOL_SESSION, { dir, sessionStore });
    expect((await getSessionMessages(sessionId, { dir, sessionStore })).map((m) => m.message)).toEqual(
      (await getSessionMessages(TOOL_SESSION, { dir, sessionStore })).map((m) => m.message),
    );
    await deleteSession(TOOL_SESSION, { dir, sessionStore });
    expect(await getSessionInfo(TOOL_SESSION, { dir, sessionStore })).toBeUndefined();
    await expect(archiveSession(AGENT_SESSION, { sessionStore })).rejects.toSatisfy(
      SessionStoreUnsupportedError.isInstance,
    );
  });

  it('follows the contract for stores without the optional methods', async () => {
    const entries = new Map<string, SessionStoreEntry[]>();
    const minimal: SessionStore = {
      append: async (key, batch) => void entries.set(key.sessionId, [...(entries.get(key.sessionId) ?? []), ...batch]),
      load: async (key) => entries.get(key.sessionId) ?? null,
    };
    await importSessionToStore(TOOL_SESSION, minimal, { dir });
    await expect(listSessions({ sessionStore: minimal })).rejects.toSatisfy(SessionStoreUnsupportedError.isInstance);
    await expect(listSubagents(TOOL_SESSION, { sessionStore: minimal })).rejects.toSatisfy(
      SessionStoreUnsupportedError.isInstance,
    );
    await deleteSession(TOOL_SESSION, { dir, sessionStore: minimal });
    expect((await getSessionMessages(TOOL_SESSION, { dir, sessionStore: minimal })).length).toBe(6);
  });
});
