import { getEventListeners } from 'node:events';
import type { JsonRpcId, JsonRpcResponse } from '@hexagent/core';
import { describe, expect, it, vi } from 'vitest';
import { InFlightTable } from './in-flight-table.js';
import { type LocalCall, type RemappedRequest, RemappedRequests } from './remapped-requests.js';

/** Registers a request under a fresh id and returns the id with its answer. */
function open(
  requests: RemappedRequests,
  originalId: JsonRpcId,
  options: { fromClient?: boolean; signal?: AbortSignal; call?: LocalCall } = {},
): { ourId: number; answer: Promise<JsonRpcResponse> } {
  const ourId = requests.nextId();
  const answer = new Promise<JsonRpcResponse>((resolve) => {
    const request: RemappedRequest = {
      originalId,
      fromClient: options.fromClient ?? true,
      resolve,
      signal: options.signal,
      call: options.call,
    };
    requests.add(ourId, request);
  });
  return { ourId, answer };
}

const ok = (id: JsonRpcId): JsonRpcResponse => ({ jsonrpc: '2.0', id, result: {} });

describe('RemappedRequests', () => {
  it('gives every request a fresh id, whatever ids the callers use', () => {
    const requests = new RemappedRequests(() => {});
    const ids = [open(requests, 1), open(requests, 1), open(requests, 'x')].map((r) => r.ourId);
    expect(new Set(ids).size).toBe(3);
    expect(requests.size).toBe(3);
    expect(requests.get(ids[1] as number)?.originalId).toBe(1);
  });

  it('settles a request once, with the answer given, and forgets it', async () => {
    const requests = new RemappedRequests(() => {});
    const { ourId, answer } = open(requests, 'cli-7');
    expect(requests.has(ourId)).toBe(true);
    requests.settle(ourId, ok('cli-7'));
    requests.settle(ourId, { jsonrpc: '2.0', id: 'cli-7', error: { code: -1, message: 'late' } });
    expect(await answer).toEqual(ok('cli-7'));
    expect(requests.has(ourId)).toBe(false);
    expect(requests.get(ourId)).toBeUndefined();
    expect(requests.size).toBe(0);
  });

  it('finds the latest request of the CLI with an id, never the port’s own', () => {
    const requests = new RemappedRequests(() => {});
    const own = open(requests, 5, { fromClient: false });
    const first = open(requests, 5);
    const second = open(requests, 5);
    open(requests, '5');
    expect(requests.fromClient(5)).toBe(second.ourId);
    requests.settle(second.ourId, ok(5));
    expect(requests.fromClient(5)).toBe(first.ourId);
    requests.settle(first.ourId, ok(5));
    expect(requests.fromClient(5)).toBeUndefined();
    expect(requests.has(own.ourId)).toBe(true);
  });

  it('lists the requests oldest first, and the copy survives settling them', () => {
    const requests = new RemappedRequests(() => {});
    const a = open(requests, 'a');
    const b = open(requests, 'b');
    const entries = requests.entries();
    for (const [ourId, request] of entries) requests.settle(ourId, ok(request.originalId));
    expect(entries.map(([ourId, request]) => [ourId, request.originalId])).toEqual([
      [a.ourId, 'a'],
      [b.ourId, 'b'],
    ]);
    expect(requests.size).toBe(0);
  });

  it('cancels every request in flight with a signal when it aborts, with one listener per signal', () => {
    const onAbort = vi.fn();
    const requests = new RemappedRequests(onAbort);
    const controller = new AbortController();
    const listen = vi.spyOn(controller.signal, 'addEventListener');
    const first = open(requests, 1, { signal: controller.signal });
    const second = open(requests, 2, { signal: controller.signal });
    const other = open(requests, 3, { signal: new AbortController().signal });
    const answered = open(requests, 4, { signal: controller.signal });
    requests.settle(answered.ourId, ok(4));
    expect(listen).toHaveBeenCalledTimes(1);
    controller.abort('stop');
    expect(onAbort.mock.calls).toEqual([
      [first.ourId, 'stop'],
      [second.ourId, 'stop'],
    ]);
    expect(requests.has(other.ourId)).toBe(true);
  });

  it('shares one abort listener between tables watching the same signal, and release() removes it', () => {
    const signal = new AbortController().signal;
    // Eleven ports of one session see the session's signal: Node warns past ten listeners.
    const tables = Array.from({ length: 11 }, () => new RemappedRequests(() => {}));
    for (const requests of tables) open(requests, 1, { signal });
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    for (const requests of tables.slice(1)) requests.release();
    expect(getEventListeners(signal, 'abort')).toHaveLength(1);
    tables[0]?.release();
    tables[0]?.release();
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('watches a signal again for requests added after release()', () => {
    const onAbort = vi.fn();
    const requests = new RemappedRequests(onAbort);
    const controller = new AbortController();
    open(requests, 1, { signal: controller.signal });
    requests.release();
    const later = open(requests, 2, { signal: controller.signal });
    controller.abort('stop');
    expect(onAbort.mock.calls.map(([ourId]) => ourId)).toContain(later.ourId);
  });

  it('keeps its entries in an InFlightTable, not a Map', () => {
    const requests = new RemappedRequests(() => {});
    expect((requests as unknown as { table: unknown }).table).toBeInstanceOf(InFlightTable);
  });
});
