import { foldSessionSummary, type SessionKey, type SessionStore } from '@hexagent/core';
import { expect, it } from 'vitest';
import type { GatedProcess } from './processes/gated-process.js';
import type { SessionAppendOrder } from './session-append-process.js';
import { foldedEntry } from './session-store-conformance-fixtures.js';

/** What the two-process test of {@link sessionStoreTwoProcessTest} needs of the suite. */
export interface TwoProcessTestSetup {
  /** A store for this test, released after it. */
  make: () => Promise<SessionStore>;
  /** A session key of its own. */
  session: () => SessionKey;
  /** The store's `appendProcess` hook, if it gave one. */
  appendProcess: (() => Promise<GatedProcess>) | undefined;
  /** Whether a retried batch (same uuids) is stored once; when not, neither process retries. */
  uuidIdempotent: boolean;
  /** The test's timeout, ms. */
  timeout: number;
}

/**
 * Registers the session store conformance test that races two OS processes appending to one
 * session: 40 batches of two entries, each process sending its half, then (a store that takes `uuid`
 * as an idempotency key) the other's as a retry, all at once. Every entry is stored once, each batch
 * stays contiguous and in order, and the summary equals `foldSessionSummary` over what was stored,
 * with the mtime of `listSessions()`: the store's append is atomic across processes, not only
 * within one. Skipped with a note when the store gives no `appendProcess`.
 */
export function sessionStoreTwoProcessTest(setup: TwoProcessTestSetup): void {
  const { timeout } = setup;
  const title = 'keeps every entry once and one consistent summary while another OS process appends to the session';
  it(title, { timeout }, async (context) => {
    const start = setup.appendProcess;
    if (start === undefined) {
      return context.skip('no appendProcess given (a store of this process only): the two-process race did not run');
    }
    const store = await setup.make();
    const key = setup.session();
    const batches = Array.from({ length: 40 }, (_, i) => [foldedEntry(i * 2), foldedEntry(i * 2 + 1)]);
    const mine = batches.filter((_, i) => i % 2 === 0);
    const theirs = batches.filter((_, i) => i % 2 === 1);
    const [ourOrder, theirOrder] = setup.uuidIdempotent
      ? [
          [...mine, ...theirs],
          [...theirs, ...mine],
        ]
      : [mine, theirs];
    const other = await start();
    const order: SessionAppendOrder = { key, batches: theirOrder };
    other.go(JSON.stringify(order));
    const ours = Promise.all(ourOrder.map((batch) => store.append(key, batch)));
    await Promise.all([ours, other.exited]);
    const loaded = (await store.load(key)) ?? [];
    expect(loaded).toHaveLength(80);
    expect(new Set(loaded.map((entry) => entry.uuid)).size).toBe(80);
    // Each batch stays contiguous and in order.
    for (let i = 0; i < 80; i += 2) expect(loaded[i + 1]?.index).toBe((loaded[i]?.index as number) + 1);
    if (store.listSessionSummaries === undefined) return;
    const [summary] = await store.listSessionSummaries(key.projectKey);
    expect(summary?.data).toEqual(foldSessionSummary(undefined, key, loaded).data);
    if (store.listSessions === undefined) return;
    const [listed] = await store.listSessions(key.projectKey);
    expect(summary?.mtime).toBe(listed?.mtime);
  });
}
