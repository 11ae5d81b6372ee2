import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { SessionKey, SessionStore, SessionStoreEntry } from '@hexagent/core';

/** What the session store conformance suite sends an append process with `go(line)`: one JSON line. */
export interface SessionAppendOrder {
  /** The session to append to. */
  key: SessionKey;
  /** The batches to append, each one `append()` call, all at once. */
  batches: SessionStoreEntry[][];
}

/**
 * The child's side of an append process, for the two-process test of a session store's conformance
 * run (its `appendProcess` option): touches the store once (so the race is not with connecting),
 * prints `ready`, reads one {@link SessionAppendOrder} line from `input`, then makes every append of
 * it at once. Resolves when they all have; rejects with the first failure, so the script exits
 * non-zero. The parent starts the script with `startGatedProcess` and lets it go with the order.
 *
 * @example
 * ```js
 * // fixtures/append-process.mjs
 * const store = new PostgresSessionStore({ connectionString: process.argv[2] });
 * try {
 *   await appendWhenLetGo(store);
 * } finally {
 *   await store.close();
 * }
 * ```
 */
export async function appendWhenLetGo(
  store: SessionStore,
  streams: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream } = {},
): Promise<void> {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;
  await store.load({ projectKey: 'hexagent-append-process', sessionId: 'connect' });
  const line = once(createInterface({ input }), 'line');
  output.write('ready\n');
  const [order] = (await line) as [string];
  const { key, batches } = JSON.parse(order) as SessionAppendOrder;
  await Promise.all(batches.map((batch) => store.append(key, batch)));
}
