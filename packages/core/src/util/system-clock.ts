import type { Clock, TimerHandle, TimerOptions } from '../ports/clock.js';

type Timer = ReturnType<typeof globalThis.setTimeout> & { unref?: () => void };

/**
 * The real {@link Clock}: `Date.now` and the global timers (`unref`'d on request, where the
 * platform has `unref`). This file and `random-id-source.ts` are the only places in core that
 * touch time or randomness globals (a test checks).
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback: () => void, ms: number, options?: TimerOptions): TimerHandle {
    const timer = globalThis.setTimeout(callback, ms) as Timer;
    if (options?.unref === true) timer.unref?.();
    return timer;
  },
  clearTimeout(handle: TimerHandle | undefined): void {
    if (handle !== undefined) globalThis.clearTimeout(handle as Timer);
  },
};
