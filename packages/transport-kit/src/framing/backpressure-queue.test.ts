import { describe, expect, it } from 'vitest';
import { BackpressureQueue } from './backpressure-queue.js';

function queue(highWaterMark: number) {
  const events: string[] = [];
  let returned = 0;
  const q = new BackpressureQueue<number>({
    highWaterMark,
    onPause: () => events.push('pause'),
    onResume: () => events.push('resume'),
    onReturn: () => returned++,
  });
  return { q, events, returned: () => returned };
}

describe('BackpressureQueue', () => {
  it('pauses at the high-water mark and resumes once drained to half of it', async () => {
    const { q, events } = queue(4);
    for (let i = 0; i < 3; i++) q.push(i);
    expect(events).toEqual([]);
    q.push(3);
    expect(events).toEqual(['pause']);
    expect(q.isPaused).toBe(true);
    q.push(4);
    expect(events).toEqual(['pause']);
    expect((await q.next()).value).toBe(0);
    expect((await q.next()).value).toBe(1);
    expect(events).toEqual(['pause']);
    expect((await q.next()).value).toBe(2);
    expect(events).toEqual(['pause', 'resume']);
    expect(q.isPaused).toBe(false);
  });

  it('hands an item straight to a waiting consumer without pausing', async () => {
    const { q, events } = queue(1);
    const pending = q.next();
    q.push(7);
    expect(await pending).toEqual({ value: 7, done: false });
    expect(events).toEqual([]);
  });

  it('ends after the buffered items, with the error if one was given', async () => {
    const { q } = queue(10);
    q.push(1);
    q.end(new Error('boom'));
    expect(await q.next()).toEqual({ value: 1, done: false });
    await expect(q.next()).rejects.toThrow('boom');
  });

  it('tells the owner when the consumer returns early', async () => {
    const { q, returned } = queue(10);
    q.push(1);
    for await (const _item of q) break;
    expect(returned()).toBe(1);
  });
});
