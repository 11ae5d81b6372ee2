import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { onAbort } from './on-abort.js';

const abortListeners = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

describe('onAbort', () => {
  it('puts one listener on the signal however many subscribe, and calls each subscriber once', () => {
    const controller = new AbortController();
    const calls = Array.from({ length: 50 }, () => vi.fn());
    for (const call of calls) onAbort(controller.signal, call);
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    for (const call of calls) expect(call).toHaveBeenCalledTimes(1);
    expect(abortListeners(controller.signal)).toBe(0);
  });

  it('takes its listener off the signal when the last subscriber leaves, and can start again', () => {
    const controller = new AbortController();
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = onAbort(controller.signal, first);
    const offSecond = onAbort(controller.signal, second);
    offFirst();
    offFirst();
    expect(abortListeners(controller.signal)).toBe(1);
    offSecond();
    expect(abortListeners(controller.signal)).toBe(0);
    const third = vi.fn();
    onAbort(controller.signal, third);
    expect(abortListeners(controller.signal)).toBe(1);
    controller.abort();
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    expect(third).toHaveBeenCalledTimes(1);
  });

  it('never warns about a possible leak, with 1,000 subscribers on one signal over time', () => {
    const controller = new AbortController();
    const warning = vi.fn();
    process.on('warning', warning);
    try {
      const active: Array<() => void> = [];
      for (let i = 0; i < 1_000; i++) {
        active.push(onAbort(controller.signal, () => {}));
        if (active.length > 20) active.shift()?.();
      }
      for (const off of active) off();
      expect(abortListeners(controller.signal)).toBe(0);
    } finally {
      process.off('warning', warning);
    }
    expect(warning).not.toHaveBeenCalled();
  });
});
