import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { flush } from '../../test/helpers/fakes.js';
import { AbortError } from '../errors/abort-error.js';
import { ManualClock } from './manual-clock.js';
import { runWithDeadline } from './run-with-deadline.js';

const abortListeners = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

/** Records how a promise settles, without awaiting it. */
function settle<T>(promise: Promise<T>): { state: string; value?: T; error?: unknown } {
  const result: { state: string; value?: T; error?: unknown } = { state: 'pending' };
  promise.then(
    (value) => Object.assign(result, { state: 'resolved', value }),
    (error: unknown) => Object.assign(result, { state: 'rejected', error }),
  );
  return result;
}

/** Moves `clock` on by `ms`, then lets the callbacks it settled run. */
async function advance(clock: ManualClock, ms: number): Promise<void> {
  clock.advance(ms);
  await flush();
}

describe('runWithDeadline', () => {
  it('resolves with the value, leaves the call’s signal alone, and leaves no timer or listener behind', async () => {
    const clock = new ManualClock();
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const value = await runWithDeadline(
      async (signal) => {
        seen = signal;
        return 42;
      },
      { timeoutMs: 1000, signal: parent.signal, what: 'the call', clock },
    );
    expect(value).toBe(42);
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(seen).not.toBe(parent.signal);
    expect(seen?.aborted).toBe(false);
    expect(clock.pendingTimers).toBe(0);
    expect(abortListeners(parent.signal)).toBe(0);
  });

  it('calls the callback in a microtask and turns a synchronous throw into a rejection that aborts its signal', async () => {
    const parent = new AbortController();
    const failure = new Error('boom');
    let seen: AbortSignal | undefined;
    const run = vi.fn((signal: AbortSignal): number => {
      seen = signal;
      throw failure;
    });
    const result = runWithDeadline(run, { timeoutMs: 1000, signal: parent.signal, what: 'the call' });
    expect(run).not.toHaveBeenCalled();
    await expect(result).rejects.toBe(failure);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(failure);
    expect(abortListeners(parent.signal)).toBe(0);
  });

  it('rejects a callback that outlives timeoutMs with "<what> did not answer within <n> ms" and aborts its signal with it', async () => {
    const clock = new ManualClock();
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const result = settle(
      runWithDeadline(
        (signal) => {
          seen = signal;
          return new Promise<never>(() => {});
        },
        { timeoutMs: 500, signal: parent.signal, what: 'Hook callback hook_0', clock },
      ),
    );
    await advance(clock, 499);
    expect(result.state).toBe('pending');
    expect(seen?.aborted).toBe(false);
    await advance(clock, 1);
    expect(result.state).toBe('rejected');
    expect(result.error).toEqual(new Error('Hook callback hook_0 did not answer within 500 ms'));
    expect(seen?.reason).toBe(result.error);
    expect(clock.pendingTimers).toBe(0);
    expect(abortListeners(parent.signal)).toBe(0);
  });

  it('rejects with an AbortError when the parent aborts, and aborts the call’s signal with the parent’s reason', async () => {
    const clock = new ManualClock();
    const parent = new AbortController();
    let seen: AbortSignal | undefined;
    const result = settle(
      runWithDeadline(
        (signal) => {
          seen = signal;
          return new Promise<never>(() => {});
        },
        { timeoutMs: 500, signal: parent.signal, what: 'canUseTool', clock },
      ),
    );
    await advance(clock, 0);
    const reason = new Error('withdrawn');
    parent.abort(reason);
    await advance(clock, 0);
    expect(result.state).toBe('rejected');
    expect(AbortError.isInstance(result.error)).toBe(true);
    expect((result.error as AbortError).message).toBe('canUseTool was cancelled');
    expect((result.error as AbortError).cause).toBe(reason);
    expect(seen?.reason).toBe(reason);
    expect(clock.pendingTimers).toBe(0);
  });

  it('with a parent already aborted, rejects at once, starts no timer, and still calls the callback with an aborted signal', async () => {
    const clock = new ManualClock();
    const parent = new AbortController();
    parent.abort('gone');
    let seen: AbortSignal | undefined;
    const result = runWithDeadline(
      (signal) => {
        seen = signal;
        return 1;
      },
      { timeoutMs: 500, signal: parent.signal, what: 'the call', clock },
    );
    expect(clock.pendingTimers).toBe(0);
    await expect(result).rejects.toMatchObject({ message: 'the call was cancelled', cause: 'gone' });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe('gone');
    expect(abortListeners(parent.signal)).toBe(0);
  });

  it('ignores how the callback settles after the deadline', async () => {
    const clock = new ManualClock();
    const parent = new AbortController();
    let release: (value: string) => void = () => {};
    const result = settle(
      runWithDeadline(
        () =>
          new Promise<string>((resolve) => {
            release = resolve;
          }),
        {
          timeoutMs: 10,
          signal: parent.signal,
          what: 'the call',
          clock,
        },
      ),
    );
    await advance(clock, 10);
    release('late');
    await advance(clock, 0);
    expect(result.state).toBe('rejected');
    expect(result.value).toBeUndefined();
  });
});
