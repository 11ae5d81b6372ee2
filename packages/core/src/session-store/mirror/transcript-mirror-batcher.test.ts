import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionStoreEntry } from '../../types/session-store/session-store.js';
import { ManualClock } from '../../util/manual-clock.js';
import {
  MIRROR_APPEND_TIMEOUT_MS,
  TranscriptMirrorBatcher,
  type TranscriptMirrorBatcherOptions,
} from './transcript-mirror-batcher.js';

const entry = (n: number): SessionStoreEntry => ({ type: 'user', uuid: `u${n}` });

function recorder(overrides: Partial<TranscriptMirrorBatcherOptions> = {}) {
  const calls: Array<[string, string[]]> = [];
  const errors: Array<[string, string]> = [];
  const batcher = new TranscriptMirrorBatcher({
    send: async (filePath, entries) => {
      calls.push([filePath, entries.map((e) => e.uuid ?? e.type)]);
    },
    onError: (filePath, error) => errors.push([filePath, error.message]),
    ...overrides,
  });
  return { batcher, calls, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TranscriptMirrorBatcher', () => {
  it('batched: holds frames until flush, then sends one append per file, in order', async () => {
    const { batcher, calls } = recorder();
    batcher.enqueue('/a.jsonl', [entry(1)]);
    batcher.enqueue('/b.jsonl', [entry(2)]);
    batcher.enqueue('/a.jsonl', [entry(3), entry(4)]);
    // The time is the point: for a while, nothing is sent before the flush.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual([]);
    expect(batcher.idle).toBe(false);
    await batcher.flush();
    expect(calls).toEqual([
      ['/a.jsonl', ['u1', 'u3', 'u4']],
      ['/b.jsonl', ['u2']],
    ]);
    expect(batcher.idle).toBe(true);
    await batcher.flush();
    expect(calls).toHaveLength(2);
  });

  it('batched: flushes on its own past the entry threshold or the byte threshold', async () => {
    const byEntries = recorder({ maxPendingEntries: 2 });
    byEntries.batcher.enqueue('/a.jsonl', [entry(1), entry(2)]);
    expect(byEntries.batcher.idle).toBe(false);
    byEntries.batcher.enqueue('/a.jsonl', [entry(3)]);
    await vi.waitFor(() => expect(byEntries.calls).toEqual([['/a.jsonl', ['u1', 'u2', 'u3']]]));
    const byBytes = recorder({ maxPendingBytes: 40 });
    byBytes.batcher.enqueue('/a.jsonl', [entry(1)]);
    byBytes.batcher.enqueue('/a.jsonl', [entry(2)]);
    await vi.waitFor(() => expect(byBytes.calls).toEqual([['/a.jsonl', ['u1', 'u2']]]));
  });

  it('eager: every frame is its own append, sent at once and in order', async () => {
    const { batcher, calls } = recorder({ flush: 'eager' });
    batcher.enqueue('/a.jsonl', [entry(1)]);
    batcher.enqueue('/a.jsonl', [entry(2)]);
    batcher.enqueue('/b.jsonl', [entry(3)]);
    await batcher.flush();
    expect(calls).toEqual([
      ['/a.jsonl', ['u1']],
      ['/a.jsonl', ['u2']],
      ['/b.jsonl', ['u3']],
    ]);
  });

  it('retries a rejected append three times in all, 200 then 800 ms apart, then reports and drops it', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    const { batcher, errors } = recorder({
      send: async () => {
        attempts.push(Date.now());
        throw new Error('store down');
      },
    });
    batcher.enqueue('/a.jsonl', [entry(1)]);
    const done = batcher.flush();
    await vi.runAllTimersAsync();
    await done;
    expect(attempts.map((at) => at - (attempts[0] ?? 0))).toEqual([0, 200, 1000]);
    expect(errors).toEqual([['/a.jsonl', 'store down']]);
    expect(batcher.idle).toBe(true);
  });

  it('succeeds on a later attempt without reporting', async () => {
    vi.useFakeTimers();
    let count = 0;
    const { batcher, errors } = recorder({
      send: async () => {
        count++;
        if (count < 3) throw new Error('flaky');
      },
    });
    batcher.enqueue('/a.jsonl', [entry(1)]);
    const done = batcher.flush();
    await vi.runAllTimersAsync();
    await done;
    expect(count).toBe(3);
    expect(errors).toEqual([]);
  });

  it('does not retry a timed-out append (60 s by default, on its clock), and reports it', async () => {
    const clock = new ManualClock();
    let count = 0;
    const { batcher, errors } = recorder({
      clock,
      send: () => {
        count++;
        return new Promise(() => {});
      },
    });
    batcher.enqueue('/a.jsonl', [entry(1)]);
    const done = batcher.flush();
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1));
    clock.advance(MIRROR_APPEND_TIMEOUT_MS - 1);
    expect(errors).toEqual([]);
    clock.advance(1);
    await done;
    expect(count).toBe(1);
    expect(errors).toEqual([['/a.jsonl', 'SessionStore.append() timed out after 60000ms for /a.jsonl']]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps going after a throwing onError, and a flush waits for the send under way', async () => {
    let release: () => void = () => {};
    const sent: string[] = [];
    const batcher = new TranscriptMirrorBatcher({
      backoffMs: [],
      send: async (_path, entries) => {
        if (entries[0]?.uuid === 'u1') await new Promise<void>((resolve) => (release = resolve));
        if (entries[0]?.uuid === 'u2') throw new Error('no');
        sent.push(entries[0]?.uuid ?? '');
      },
      onError: () => {
        throw new Error('callback broke');
      },
      flush: 'eager',
    });
    batcher.enqueue('/a.jsonl', [entry(1)]);
    batcher.enqueue('/a.jsonl', [entry(2)]);
    batcher.enqueue('/a.jsonl', [entry(3)]);
    const done = batcher.flush();
    // The time is the point: for a while, nothing more is sent while the first send is held.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toEqual([]);
    release();
    await done;
    expect(sent).toEqual(['u1', 'u3']);
  });
});
