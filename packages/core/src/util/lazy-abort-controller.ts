/**
 * An abort side whose `AbortSignal` is made only when someone reads `signal`; aborting before the
 * first read is remembered, so the signal is born aborted. Most handlers never read theirs, and a
 * signal is costly to make (see docs/performance.md#abort-signals).
 *
 * @example
 * ```ts
 * const abort = new LazyAbortController();
 * abort.abort(new Error('cancelled')); // no AbortSignal made yet
 * abort.signal.aborted; // true: made now, already aborted
 * ```
 */
export class LazyAbortController {
  private controller: AbortController | undefined;
  private reason: unknown;
  private aborted = false;

  /** True once {@link LazyAbortController.abort} was called. */
  get isAborted(): boolean {
    return this.aborted;
  }

  /** The signal, made on first read and aborted with the reason given to `abort`. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Aborts with `reason`; later calls do nothing. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}
