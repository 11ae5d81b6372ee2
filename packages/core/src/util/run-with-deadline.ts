import { AbortError } from '../errors/abort-error.js';
import type { Clock, TimerHandle } from '../ports/clock.js';
import { systemClock } from './system-clock.js';

/** How {@link runWithDeadline} bounds a call. */
export interface DeadlineOptions {
  /** The call is given up after this many milliseconds. */
  timeoutMs: number;
  /** The caller's signal: aborting it gives the call up at once and aborts the call's own signal. */
  signal: AbortSignal;
  /** Names the call in the errors: `"<what> did not answer within <n> ms"`, `"<what> was cancelled"`. */
  what: string;
  /** Where the deadline is set; default `systemClock`. */
  clock?: Clock;
}

/**
 * Runs a callback the user supplied under a deadline and a parent signal. The callback gets a
 * signal of its own that aborts when the parent aborts (with the parent's reason) and also when the
 * call fails in any way: it throws, it rejects, or it outlives `timeoutMs` (then with that error).
 * The returned promise settles with the callback's value, or rejects with its error, with an
 * `Error` on timeout, or with an `AbortError` (`cause`: the parent's reason) when the parent
 * aborts. Afterwards no timer and no listener is left behind; the timer does not keep Node.js alive.
 *
 * The callback is always called, in a microtask (a synchronous throw becomes a rejection), even
 * when the parent has already aborted: it then gets an aborted signal.
 *
 * @example
 * ```ts
 * const decision = await runWithDeadline((signal) => canUseTool(name, input, { signal, toolUseID }), {
 *   timeoutMs: 600_000,
 *   signal: context.signal,
 *   what: 'canUseTool',
 * });
 * ```
 */
export function runWithDeadline<T>(
  run: (signal: AbortSignal) => T | PromiseLike<T>,
  options: DeadlineOptions,
): Promise<T> {
  const { timeoutMs, signal: parent, what, clock = systemClock } = options;
  const child = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let timer: TimerHandle | undefined;
    const cleanup = () => {
      clock.clearTimeout(timer);
      parent.removeEventListener('abort', onParentAbort);
    };
    const fail = (error: unknown) => {
      cleanup();
      if (!child.signal.aborted) child.abort(error);
      reject(error);
    };
    function onParentAbort(): void {
      child.abort(parent.reason);
      fail(new AbortError({ message: `${what} was cancelled`, cause: parent.reason }));
    }
    const running = Promise.resolve().then(() => run(child.signal));
    if (parent.aborted) {
      onParentAbort();
    } else {
      timer = clock.setTimeout(() => fail(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs, {
        unref: true,
      });
      parent.addEventListener('abort', onParentAbort, { once: true });
    }
    running.then((value) => {
      cleanup();
      resolve(value);
    }, fail);
  });
}
