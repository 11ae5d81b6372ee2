import { describe, expect, it } from 'vitest';
import { LazyAbortController } from './lazy-abort-controller.js';

describe('LazyAbortController', () => {
  it('makes a live signal on first read, then aborts it with the reason, once', () => {
    const abort = new LazyAbortController();
    const signal = abort.signal;
    expect(abort.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    const reason = new Error('first');
    abort.abort(reason);
    abort.abort(new Error('second'));
    expect(abort.isAborted).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('remembers an abort that came before the signal was read', () => {
    const abort = new LazyAbortController();
    abort.abort('early');
    expect(abort.isAborted).toBe(true);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe('early');
  });
});
