import { foldSessionSummary, type SessionKey, type SessionStore, type SessionSummaryEntry } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import type { GatedProcess } from './processes/gated-process.js';
import {
  assistantEntry,
  awkwardEntry,
  sleep,
  summaryBatches,
  uniqueId,
  userEntry,
} from './session-store-conformance-fixtures.js';
import { sessionStoreTwoProcessTest } from './session-store-two-process-test.js';
import { type StoreConformanceOptions, storesPerTest } from './store-conformance-kit.js';

/** How {@link sessionStoreConformance} gets a store for each test, and gives it back. */
export interface SessionStoreConformanceOptions<S extends SessionStore = SessionStore>
  extends StoreConformanceOptions<S> {
  /**
   * Whether `append()` treats `uuid` as an idempotency key, as the contract says stores SHOULD;
   * default `true`. `InMemorySessionStore` (like the official one) does not, so its run sets `false`
   * and that test is skipped with a note.
   */
  uuidIdempotent?: boolean;
  /**
   * Starts another OS process with a store of its own on the backend of `create`'s stores: a script
   * that calls `appendWhenLetGo(store)` (from `@hexagent/testing`), started with `startGatedProcess`.
   * With it, the two processes race appends to one session; without it (a store that lives in one
   * process) that test is skipped with a note.
   */
  appendProcess?: () => Promise<GatedProcess>;
}

/**
 * Registers vitest tests that check a `SessionStore` against the official contract. A store
 * written for hexagent (or the official SDK) is done when it passes them. Import it from
 * `@hexagent/testing/conformance` (the main entry does not load vitest).
 *
 * Checked: entries load in append order across calls; a `uuid` already stored is not stored again
 * while entries without one always are; entries come back deep-equal (nested JSON, unicode, NUL,
 * numbers at the edges of a double; key order may differ); `load()` answers `null` for an unknown
 * session and an unknown subpath; sub-agent transcripts stay apart from the main one and
 * `listSubkeys()` names them; `listSessions()` lists main transcripts only, with integer epoch-ms
 * mtimes that grow on append; `listSessionSummaries()` equals `foldSessionSummary` over what was
 * appended, with the mtime of `listSessions()`, also after 24 appends to one session at once (no
 * lost update) and, given `appendProcess`, while another OS process appends to it; `delete()` of a
 * main transcript takes its sub-agents, of an unknown key is fine; project keys (with `/` and `:`)
 * never mix; one append of 10 000 entries; an entry of 1 MiB.
 * Tests of an optional method are skipped, with a note, when the store lacks it.
 *
 * @example
 * ```ts
 * import { sessionStoreConformance } from '@hexagent/testing/conformance';
 *
 * sessionStoreConformance('MyStore', { create: () => new MyStore(url), cleanup: (store) => store.close() });
 * ```
 */
export function sessionStoreConformance<S extends SessionStore>(
  name: string,
  options: SessionStoreConformanceOptions<S>,
): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${name} (session store conformance)`, () => {
    const make = storesPerTest(options);
    const session = (projectKey = uniqueId('project')): SessionKey => ({ projectKey, sessionId: uniqueId('s') });

    it('loads entries in append order across calls', { timeout }, async () => {
      const store = await make();
      const key = session();
      const batches = [[userEntry('one'), assistantEntry('two')], [assistantEntry('three')], [userEntry('four')]];
      for (const batch of batches) await store.append(key, batch);
      expect(await store.load(key)).toEqual(batches.flat());
    });

    it('stores a uuid once and always appends entries without one', { timeout }, async (context) => {
      if (options.uuidIdempotent === false) context.skip('the store does not treat uuid as an idempotency key');
      const store = await make();
      const key = session();
      const [a, b, c] = [userEntry('a'), assistantEntry('b'), assistantEntry('c')];
      const mode = { type: 'mode', mode: 'plan' };
      await store.append(key, [a, b, mode]);
      await store.append(key, [b, c, mode]);
      await store.append(key, [a, b, c]);
      expect(await store.load(key)).toEqual([a, b, mode, c, mode]);
    });

    it('returns entries deep-equal to what was appended', { timeout }, async () => {
      const store = await make();
      const key = session();
      const entries = [awkwardEntry(), { type: 'x', only: 'type' }, awkwardEntry()];
      await store.append(key, entries);
      expect(await store.load(key)).toEqual(JSON.parse(JSON.stringify(entries)));
    });

    it('answers null for an unknown session and an unknown subpath', { timeout }, async () => {
      const store = await make();
      const key = session();
      expect(await store.load(key)).toBeNull();
      await store.append(key, [userEntry('hi')]);
      expect(await store.load({ ...key, subpath: 'subagents/agent-none' })).toBeNull();
      expect(await store.load({ ...key, projectKey: uniqueId('other') })).toBeNull();
    });

    it('keeps sub-agent transcripts apart from the main one', { timeout }, async (context) => {
      const store = await make();
      const key = session();
      const main = [userEntry('main')];
      const one = [userEntry('one', { isSidechain: true })];
      const two = [assistantEntry('two')];
      await store.append(key, main);
      await store.append({ ...key, subpath: 'subagents/agent-1' }, one);
      await store.append({ ...key, subpath: 'subagents/agent-2' }, two);
      expect(await store.load(key)).toEqual(main);
      expect(await store.load({ ...key, subpath: 'subagents/agent-1' })).toEqual(one);
      expect(await store.load({ ...key, subpath: 'subagents/agent-2' })).toEqual(two);
      if (store.listSessions) {
        expect((await store.listSessions(key.projectKey)).map((s) => s.sessionId)).toEqual([key.sessionId]);
      }
      const listSubkeys = need(store, 'listSubkeys', context);
      expect((await listSubkeys(key)).sort()).toEqual(['subagents/agent-1', 'subagents/agent-2']);
      expect(await listSubkeys({ ...key, sessionId: uniqueId('none') })).toEqual([]);
    });

    it('lists main transcripts with integer epoch-ms mtimes that grow on append', { timeout }, async (context) => {
      const store = await make();
      const listSessions = need(store, 'listSessions', context);
      const projectKey = uniqueId('project');
      const [a, b, subOnly] = [session(projectKey), session(projectKey), session(projectKey)];
      await store.append(a, [userEntry('a')]);
      await store.append(b, [userEntry('b')]);
      await store.append({ ...subOnly, subpath: 'subagents/agent-1' }, [userEntry('sub')]);
      const first = await listSessions(projectKey);
      expect(first.map((s) => s.sessionId).sort()).toEqual([a.sessionId, b.sessionId].sort());
      const before = mtimeOf(first, a.sessionId);
      expect(Number.isInteger(before)).toBe(true);
      expect(before).toBeGreaterThan(Date.UTC(2020, 0, 1));
      // The time is the point: the later append has a later clock.
      await sleep(5);
      await store.append(a, [assistantEntry('later')]);
      const after = mtimeOf(await listSessions(projectKey), a.sessionId);
      expect(Number.isInteger(after)).toBe(true);
      expect(after).toBeGreaterThan(before);
      expect(await listSessions(uniqueId('empty'))).toEqual([]);
    });

    it('keeps summaries equal to foldSessionSummary over what was appended', { timeout }, async (context) => {
      const store = await make();
      const listSessionSummaries = need(store, 'listSessionSummaries', context);
      const projectKey = uniqueId('project');
      const [a, b] = [session(projectKey), session(projectKey)];
      const expected = new Map<string, SessionSummaryEntry | undefined>();
      for (const key of [a, b]) {
        for (const batch of summaryBatches()) {
          await store.append(key, batch);
          expected.set(key.sessionId, foldSessionSummary(expected.get(key.sessionId), key, batch));
        }
      }
      await store.append({ ...session(projectKey), subpath: 'subagents/agent-1' }, [userEntry('sub only')]);
      await store.append({ ...a, subpath: 'subagents/agent-1' }, [userEntry('sub', { gitBranch: 'sub-branch' })]);
      const summaries = await listSessionSummaries(projectKey);
      expect(summaries.map((s) => s.sessionId).sort()).toEqual([a.sessionId, b.sessionId].sort());
      const listed = store.listSessions ? await store.listSessions(projectKey) : undefined;
      for (const summary of summaries) {
        expect(summary.data).toEqual(expected.get(summary.sessionId)?.data);
        expect(Number.isInteger(summary.mtime)).toBe(true);
        if (listed) expect(summary.mtime).toBe(mtimeOf(listed, summary.sessionId));
      }
      expect(await listSessionSummaries(uniqueId('empty'))).toEqual([]);
    });

    it('loses no entry and no summary update under concurrent appends to one session', { timeout }, async () => {
      const store = await make();
      const key = session();
      const batches = [...summaryBatches(), ...Array.from({ length: 17 }, (_, i) => [assistantEntry(`extra ${i}`)])];
      await Promise.all(batches.map((batch) => store.append(key, batch)));
      const loaded = await store.load(key);
      expect(loaded).toHaveLength(batches.flat().length);
      expect(new Set(loaded?.map((entry) => entry.uuid ?? entry.type))).toEqual(
        new Set(batches.flat().map((entry) => entry.uuid ?? entry.type)),
      );
      if (!store.listSessionSummaries) return;
      let sequential: SessionSummaryEntry | undefined;
      for (const batch of batches) sequential = foldSessionSummary(sequential, key, batch);
      const [summary] = await store.listSessionSummaries(key.projectKey);
      expect(summary?.data).toEqual(sequential?.data);
    });

    sessionStoreTwoProcessTest({
      make,
      session,
      appendProcess: options.appendProcess,
      uuidIdempotent: options.uuidIdempotent !== false,
      timeout,
    });

    it('deletes a session with its sub-agents, and an unknown key quietly', { timeout }, async (context) => {
      const store = await make();
      const remove = need(store, 'delete', context);
      const projectKey = uniqueId('project');
      const [key, kept] = [session(projectKey), session(projectKey)];
      const sub = { ...key, subpath: 'subagents/agent-1' };
      const entry = userEntry('hello');
      await store.append(key, [entry]);
      await store.append(sub, [assistantEntry('sub')]);
      await store.append({ ...key, subpath: 'subagents/agent-2' }, [assistantEntry('sub 2')]);
      await store.append(kept, [userEntry('kept')]);
      await remove(sub);
      expect(await store.load(sub)).toBeNull();
      expect(await store.load(key)).toEqual([entry]);
      if (store.listSubkeys) expect(await store.listSubkeys(key)).toEqual(['subagents/agent-2']);
      await remove(key);
      expect(await store.load(key)).toBeNull();
      expect(await store.load({ ...key, subpath: 'subagents/agent-2' })).toBeNull();
      if (store.listSubkeys) expect(await store.listSubkeys(key)).toEqual([]);
      if (store.listSessions)
        expect((await store.listSessions(projectKey)).map((s) => s.sessionId)).toEqual([kept.sessionId]);
      if (store.listSessionSummaries) {
        expect((await store.listSessionSummaries(projectKey)).map((s) => s.sessionId)).toEqual([kept.sessionId]);
      }
      expect(await store.load(kept)).toHaveLength(1);
      await remove(session());
      await remove({ ...session(), subpath: 'subagents/none' });
      await store.append(key, [entry]);
      expect(await store.load(key)).toEqual([entry]);
    });

    it('never mixes project keys, including ones with / and :', { timeout }, async () => {
      const store = await make();
      const base = uniqueId('tenant');
      const sessionId = uniqueId('s');
      const keys: SessionKey[] = [
        { projectKey: base, sessionId },
        { projectKey: `${base}/x`, sessionId },
        { projectKey: `${base}:x`, sessionId },
        { projectKey: `${base}/x:{y}`, sessionId },
        { projectKey: base, sessionId: `x/${sessionId}` },
        { projectKey: base, sessionId: `x:${sessionId}` },
      ];
      for (const [i, key] of keys.entries()) await store.append(key, [userEntry(`prompt ${i}`)]);
      for (const [i, key] of keys.entries()) {
        expect((await store.load(key))?.map((e) => (e.message as { content: string }).content)).toEqual([
          `prompt ${i}`,
        ]);
      }
      if (store.listSessions) {
        const listed = (await store.listSessions(`${base}/x`)).map((s) => s.sessionId);
        expect(listed).toEqual([sessionId]);
        expect((await store.listSessions(base)).map((s) => s.sessionId).sort()).toEqual(
          [sessionId, `x/${sessionId}`, `x:${sessionId}`].sort(),
        );
      }
      if (store.listSubkeys) expect(await store.listSubkeys(keys[0] as SessionKey)).toEqual([]);
    });

    it('takes 10 000 entries in one append', { timeout }, async () => {
      const store = await make();
      const key = session();
      const entries = Array.from({ length: 10_000 }, (_, i) => ({ ...assistantEntry(`entry ${i}`), index: i }));
      await store.append(key, entries);
      const loaded = await store.load(key);
      expect(loaded).toHaveLength(10_000);
      expect(loaded?.every((entry, i) => entry.index === i)).toBe(true);
      expect(loaded?.[9_999]).toEqual(entries[9_999]);
    });

    it('round-trips an entry of 1 MiB', { timeout }, async () => {
      const store = await make();
      const key = session();
      const big = { ...assistantEntry('big'), blob: 'x'.repeat(1024 * 1024), tail: 'ü😀' };
      await store.append(key, [userEntry('before'), big]);
      const loaded = await store.load(key);
      expect(loaded?.[1]).toEqual(big);
    });
  });
}

type OptionalMethod = 'listSessions' | 'listSessionSummaries' | 'delete' | 'listSubkeys';

/** The store's optional `method`, bound; skips the test with a note when the store lacks it. */
function need<K extends OptionalMethod>(
  store: SessionStore,
  method: K,
  context: { skip(note?: string): never },
): NonNullable<SessionStore[K]> {
  const fn = store[method];
  if (typeof fn !== 'function') context.skip(`no ${method}()`);
  return fn.bind(store) as NonNullable<SessionStore[K]>;
}

function mtimeOf(listed: Array<{ sessionId: string; mtime: number }>, sessionId: string): number {
  const found = listed.find((s) => s.sessionId === sessionId);
  if (found === undefined) throw new Error(`listSessions() did not list ${sessionId}`);
  return found.mtime;
}
