import { describe, expect, it, vi } from 'vitest';
import { AsyncQueue } from './async-queue.js';

/** Internal storage, to check that consumed items are released. */
function backingArrayLength<T>(queue: AsyncQueue<T>): number {
  return (queue as unknown as { items: unknown[] }).items.length;
}

async function drain<T>(queue: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of queue) out.push(item);
  return out;
}

function isSettled(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise((r) => setImmediate(() => r(marker))),
  ]).then((value) => value === true);
}

describe('AsyncQueue', () => {
  it('yields pushed items in order', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(queue.size).toBe(3);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
    expect(queue.size).toBe(1);
    expect(await queue.next()).toEqual({ value: 3, done: false });
    expect(queue.size).toBe(0);
  });

  it('wakes a waiting consumer with the next push', async () => {
    const queue = new AsyncQueue<string>();
    const next = queue.next();
    expect(await isSettled(next)).toBe(false);
    queue.push('a');
    expect(await next).toEqual({ value: 'a', done: false });
    expect(queue.size).toBe(0);
  });

  it('end() finishes the iteration after the buffered items', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.push(2);
    queue.end();
    expect(queue.isEnded).toBe(true);
    expect(await drain(queue)).toEqual([1, 2]);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('end() wakes a waiting consumer with done', async () => {
    const queue = new AsyncQueue<number>();
    const next = queue.next();
    queue.end();
    expect(await next).toEqual({ value: undefined, done: true });
  });

  it('ignores pushes after end()', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.end();
    queue.push(2);
    expect(await drain(queue)).toEqual([1]);
  });

  it('seal() drops later pushes but keeps the buffered items, and a later end(error) still ends it', async () => {
    const queue = new AsyncQueue<number>();
    queue.push(1);
    queue.seal();
    queue.push(2);
    expect(queue.isEnded).toBe(false);
    const failure = new Error('aborted');
    queue.end(failure);
    await expect(queue.next()).resolves.toEqual({ value: 1, done: false });
    await expect(queue.next()).rejects.toBe(failure);
  });

  it('end(error) throws the error only after the buffer drains, once', async () => {
    const queue = new AsyncQueue<number>();
    const failure = new Error('broken pipe');
    queue.push(1);
    queue.push(2);
    queue.end(failure);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of queue) seen.push(item);
      })(),
    ).rejects.toBe(failure);
    expect(seen).toEqual([1, 2]);
    // After the error was thrown, the queue is just done.
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('end(error) rejects a waiting consumer', async () => {
    const queue = new AsyncQueue<number>();
    const next = queue.next();
    const failure = new Error('x');
    queue.end(failure);
    await expect(next).rejects.toBe(failure);
  });

  it('a second end() changes nothing', async () => {
    const queue = new AsyncQueue<number>();
    queue.end();
    queue.end(new Error('late'));
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('return() (break out of for await) calls onReturn once and drops buffered items', async () => {
    const onReturn = vi.fn();
    const queue = new AsyncQueue<number>(onReturn);
    for (let i = 0; i < 5; i++) queue.push(i);
    for await (const item of queue) {
      expect(item).toBe(0);
      break;
    }
    expect(onReturn).toHaveBeenCalledTimes(1);
    expect(queue.size).toBe(0);
    expect(queue.isEnded).toBe(true);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
    await queue.return();
    expect(onReturn).toHaveBeenCalledTimes(1);
    queue.push(9);
    expect(queue.size).toBe(0);
  });

  it('return() resolves a waiting consumer with done and drops a pending error', async () => {
    const onReturn = vi.fn();
    const queue = new AsyncQueue<number>(onReturn);
    const next = queue.next();
    expect(await queue.return()).toEqual({ value: undefined, done: true });
    expect(await next).toEqual({ value: undefined, done: true });
    expect(onReturn).toHaveBeenCalledTimes(1);

    const failed = new AsyncQueue<number>();
    failed.push(1);
    failed.end(new Error('ignored'));
    await failed.return();
    expect(await failed.next()).toEqual({ value: undefined, done: true });
  });

  it('return() after the producer ended does not call onReturn', async () => {
    const onReturn = vi.fn();
    const queue = new AsyncQueue<number>(onReturn);
    queue.end();
    await queue.return();
    expect(onReturn).not.toHaveBeenCalled();
  });

  it('is its own async iterator', () => {
    const queue = new AsyncQueue<number>();
    expect(queue[Symbol.asyncIterator]()).toBe(queue);
  });

  it('keeps order over 100k pushes and releases consumed items (compaction)', async () => {
    const queue = new AsyncQueue<number>();
    const count = 100_000;
    for (let i = 0; i < count; i++) queue.push(i);
    expect(queue.size).toBe(count);
    let expected = 0;
    let ordered = true;
    let maxBacking = 0;
    for (let i = 0; i < count; i++) {
      const result = await queue.next();
      if (result.done || result.value !== expected) ordered = false;
      expected++;
      if (i === count / 2 + 10) maxBacking = backingArrayLength(queue);
    }
    expect(ordered).toBe(true);
    expect(queue.size).toBe(0);
    // Half-way through, the consumed half has been dropped from the backing array.
    expect(maxBacking).toBeLessThan(count);
    // At the end, at most a bounded slack of consumed slots is kept.
    expect(backingArrayLength(queue)).toBeLessThanOrEqual(2048);
  });

  it('does not grow without bound when a producer and a consumer run side by side', async () => {
    const queue = new AsyncQueue<number>();
    const count = 100_000;
    let produced = 0;
    let maxBacking = 0;
    let ordered = true;
    for (let consumed = 0; consumed < count; consumed++) {
      // Keep a small backlog of about 10 buffered items.
      while (produced < count && produced - consumed < 10) queue.push(produced++);
      const result = await queue.next();
      if (result.done || result.value !== consumed) ordered = false;
      maxBacking = Math.max(maxBacking, backingArrayLength(queue));
    }
    expect(ordered).toBe(true);
    expect(queue.size).toBe(0);
    expect(maxBacking).toBeLessThanOrEqual(2048);
  });

  it('takeBuffered() hands over the waiting items in order, synchronously, and leaves the queue usable', async () => {
    const queue = new AsyncQueue<number>();
    for (let i = 0; i < 5; i++) queue.push(i);
    expect((await queue.next()).value).toBe(0);
    expect(queue.takeBuffered()).toEqual([1, 2, 3, 4]);
    expect(queue.size).toBe(0);
    expect(queue.takeBuffered()).toEqual([]);
    queue.push(5);
    expect((await queue.next()).value).toBe(5);
  });
});
