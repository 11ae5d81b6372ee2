import { LazyAbortController } from '@hexagent/core';
import type { TimedCall } from './tool-call-deadlines.js';

/**
 * The abort side of one tool call: cancelled by the CLI, ended with the session, or timed out. Its
 * `AbortSignal` is made only when someone asks for it (a handler reading `extra.signal`; see
 * `LazyAbortController`). A single `onAbort` callback lets the runner stop waiting without
 * listening on a signal. It is also the call's node in the deadline list ({@link TimedCall}), so a
 * time limit costs no allocation (see docs/performance.md#timers).
 */
export class ToolCallAbort extends LazyAbortController implements TimedCall {
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

  /** Aborts the call, then tells `onAbort`; later calls do nothing. */
  override abort(reason: unknown): void {
    if (this.isAborted) return;
    super.abort(reason);
    this.onAbort?.();
  }

  /** The time limit passed: abort with the timeout error. */
  expire(): void {
    this.timedOut = true;
    this.abort(new Error(`Tool "${this.toolName}" timed out after ${this.timeoutMs} ms`));
  }
}
