/**
 * A timer made by a {@link Clock}: opaque, it means something only to the `clearTimeout` of the
 * clock that made it.
 */
export type TimerHandle = unknown;

/** How a {@link Clock} timer behaves. */
export interface TimerOptions {
  /**
   * True when the timer must not keep the process alive on its own (Node.js's `unref()`): a bound
   * on work that something else keeps alive. Default false, as with the global `setTimeout`.
   */
  unref?: boolean;
}

/**
 * The clock port: where core reads the time and sets its timers (control request timeouts,
 * callback deadlines, session-store retries and mtimes). Core never calls `Date.now` or
 * `setTimeout` itself, so a test drives time through a clock of its own (`ManualClock`) instead of
 * faking the globals, and a host can bring its own scheduler. The default is `systemClock`.
 *
 * @example
 * ```ts
 * const clock = new ManualClock();
 * const session = new Session({ transport, options, clock });
 * clock.advance(60_000); // every control request older than its timeout now rejects
 * ```
 */
export interface Clock {
  /** Milliseconds since the Unix epoch, as `Date.now()`. */
  now(): number;
  /** Calls `callback` once, `ms` milliseconds from now (at the earliest); returns its handle. */
  setTimeout(callback: () => void, ms: number, options?: TimerOptions): TimerHandle;
  /** Cancels a timer of this clock; a handle already fired or cleared, or `undefined`, is ignored. */
  clearTimeout(handle: TimerHandle | undefined): void;
}
