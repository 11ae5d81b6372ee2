import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/manual-clock.js';
import { InMemorySessionStore } from './in-memory-session-store.js';

const key = { projectKey: 'tenant/a', sessionId: 's1' };
const sub = { ...key, subpath: 'subagents/agent-1' };

describe('InMemorySessionStore', () => {
  it('stamps mtimes from its clock, strictly increasing within one millisecond', async () => {
    const clock = new ManualClock(1_700_000_000_000);
    const store = new InMemorySessionStore({ clock });
    await store.append(key, [{ type: 'user' }]);
    await store.append({ ...key, sessionId: 's2' }, [{ type: 'user' }]);
    clock.advance(5_000);
    await store.append({ ...key, sessionId: 's3' }, [{ type: 'user' }]);
    const mtimes = Object.fromEntries((await store.listSessions('tenant/a')).map((s) => [s.sessionId, s.mtime]));
    expect(mtimes).toEqual({ s1: 1_700_000_000_000, s2: 1_700_000_000_001, s3: 1_700_000_005_000 });
  });

  it('appends in order, loads copies, and answers null for unknown keys', async () => {
    const store = new InMemorySessionStore();
    const entry = { type: 'user', uuid: 'u1', nested: { n: 1 } };
    await store.append(key, [entry]);
    await store.append(key, [{ type: 'assistant', uuid: 'u2' }]);
    entry.nested.n = 2;
    const loaded = await store.load(key);
    expect(loaded).toEqual([
      { type: 'user', uuid: 'u1', nested: { n: 1 } },
      { type: 'assistant', uuid: 'u2' },
    ]);
    expect(await store.load({ ...key, sessionId: 'nope' })).toBeNull();
    expect(await store.load(sub)).toBeNull();
  });

  it('lists main transcripts with increasing mtimes, subkeys, summaries, and deletes with sub-agents', async () => {
    const store = new InMemorySessionStore();
    await store.append(key, [{ type: 'user', message: { content: 'hi' } }]);
    await store.append(sub, [{ type: 'user', isSidechain: true }]);
    await store.append({ ...key, sessionId: 's2' }, [{ type: 'user' }]);
    const listed = await store.listSessions('tenant/a');
    expect(listed.map((s) => s.sessionId).sort()).toEqual(['s1', 's2']);
    const [m1, m2] = [listed.find((s) => s.sessionId === 's1')?.mtime, listed.find((s) => s.sessionId === 's2')?.mtime];
    expect(m2).toBeGreaterThan(m1 ?? Number.POSITIVE_INFINITY);
    expect(await store.listSessions('tenant')).toEqual([]);
    expect(await store.listSubkeys(key)).toEqual(['subagents/agent-1']);
    const summaries = await store.listSessionSummaries('tenant/a');
    expect(summaries.find((s) => s.sessionId === 's1')).toMatchObject({ mtime: m1, data: { firstPrompt: 'hi' } });
    expect(store.size).toBe(2);
    await store.delete(key);
    expect(await store.load(sub)).toBeNull();
    expect(await store.listSubkeys(key)).toEqual([]);
    expect(store.size).toBe(1);
    store.clear();
    expect(store.size).toBe(0);
  });
});
