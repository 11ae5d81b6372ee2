/**
 * The abort side of one tool call: cancelled by the CLI, ended with the session, or timed out. Its
 * `AbortSignal` is made only when someone asks for it (a handler reading `extra.signal`): making an
 * `AbortSignal` costs about 2 µs on Node.js 20, several per call when every layer made its own, and
 * most handlers never look at theirs. A single `onAbort` callback lets the runner stop waiting
 * without listening on a signal.
 */
export class ToolCallAbort {
  private controller: AbortController | undefined;
  private reason: unknown;
  private aborted = false;
  /** Called once, on abort. */
  onAbort: (() => void) | undefined;

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
}
