import type { TimedCall } from './tool-call-deadlines.js';

/**
 * The abort side of one tool call: cancelled by the CLI, ended with the session, or timed out. Its
 * `AbortSignal` is made only when someone asks for it (a handler reading `extra.signal`): making an
 * `AbortSignal` costs about 2 µs on Node.js 20, several per call when every layer made its own, and
 * most handlers never look at theirs. A single `onAbort` callback lets the runner stop waiting
 * without listening on a signal. It is also the call's node in the deadline list
 * ({@link TimedCall}), so a time limit costs no allocation.
 */
export class ToolCallAbort implements TimedCall {
  private controller: AbortController | undefined;
  private reason: unknown;
  private aborted = false;
  /** Called once, on abort. */
  onAbort: (() => void) | undefined;
  /** Set when the time limit, not a cancellation, aborted the call. */
  timedOut = false;
  /** The tool's name and time limit, for the timeout error (set with the limit). */
  toolName = '';
  timeoutMs = 0;
  deadline = 0;
  deadlinePrev: TimedCall | undefined = undefined;
  deadlineNext: TimedCall | undefined = undefined;
  hasDeadline = false;

  /** True once {@link ToolCallAbort.abort} was called. */
  get isAborted(): boolean {
    return this.aborted;
  }

  /** The call's signal, aborted with the reason given to {@link ToolCallAbort.abort}. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Aborts the call; later calls do nothing. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.onAbort?.();
  }

  /** The time limit passed: abort with the timeout error. */
  expire(): void {
    this.timedOut = true;
    this.abort(new Error(`Tool "${this.toolName}" timed out after ${this.timeoutMs} ms`));
  }
}
