import type { Clock, TimerHandle } from '../ports/clock.js';

/** Node.js's largest delay; longer (or non-positive, or NaN) delays become 1 ms there, and here. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface ManualTimer {
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
}

/**
 * A {@link Clock} whose time moves only when a test says so: `advance(ms)` fires the timers that
 * fall due, in order, synchronously. Core's tests inject it instead of faking the global timers;
 * `@hexagent/testing` re-exports it for everyone else's.
 *
 * @example
 * ```ts
 * const clock = new ManualClock();
 * const engine = new ControlProtocolEngine({ send, defaultTimeoutMs: 1000, clock });
 * const answer = engine.request('interrupt');
 * clock.advance(1000); // `answer` rejects with ControlTimeoutError
 * ```
 */
export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  readonly #timers = new Map<number, ManualTimer>();

  /** @param startMs what `now()` returns until the clock is advanced (ms since the epoch). Default 0. */
  constructor(startMs = 0) {
    this.#now = startMs;
  }

  /** The clock's current time. */
  now(): number {
    return this.#now;
  }

  /** Registers `callback` to run once the clock has been advanced by `ms` (a delay Node.js would not take becomes 1). */
  setTimeout(callback: () => void, ms: number): TimerHandle {
    const delay = ms >= 1 && ms <= MAX_DELAY_MS ? ms : 1;
    const seq = ++this.#seq;
    this.#timers.set(seq, { at: this.#now + delay, seq, callback });
    return seq;
  }

  /** Cancels a timer; unknown handles are ignored. */
  clearTimeout(handle: TimerHandle | undefined): void {
    if (typeof handle === 'number') this.#timers.delete(handle);
  }

  /** How many timers are waiting to fire. */
  get pendingTimers(): number {
    return this.#timers.size;
  }

  /**
   * Moves the time forward by `ms`, firing every timer due by then (those its callbacks set
   * included) in order of due time, then of creation; `now()` reads each timer's due time while it
   * runs. A callback that throws stops the advance there and the error propagates.
   */
  advance(ms: number): void {
    const target = this.#now + Math.max(0, ms);
    for (let next = this.#nextDue(target); next !== undefined; next = this.#nextDue(target)) {
      this.#timers.delete(next.seq);
      this.#now = next.at;
      next.callback();
    }
    this.#now = target;
  }

  #nextDue(target: number): ManualTimer | undefined {
    let next: ManualTimer | undefined;
    for (const timer of this.#timers.values()) {
      if (timer.at > target) continue;
      if (next === undefined || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq)) next = timer;
    }
    return next;
  }
}
