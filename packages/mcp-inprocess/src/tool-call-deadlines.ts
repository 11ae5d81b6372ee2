/** A tool call with a time limit, as {@link ToolCallDeadlines} keeps it (the list's links live in the call). */
export interface TimedCall {
  /** `performance.now()` by which the call must finish. */
  deadline: number;
  /** Links of the list; `undefined` at the ends. Owned by {@link ToolCallDeadlines}. */
  deadlinePrev: TimedCall | undefined;
  deadlineNext: TimedCall | undefined;
  /** True while the call is in a list. */
  hasDeadline: boolean;
  /** Called once when the deadline passes, after the call left the list. */
  expire(): void;
}

/** A timer may fire up to this much before `performance.now()` says its delay is over. */
const TIMER_SLACK_MS = 1;

/**
 * The time limits of the running tool calls of one server, with one timer for all of them instead
 * of one per call (see docs/performance.md#timers). Starting and finishing a call is O(1) and
 * allocates nothing (the call is its own list node). The timer is armed for the earliest deadline
 * known; when it fires, expired calls are expired and it is armed again for the earliest remaining
 * one. It is unref'd: a time limit alone never keeps the process alive.
 */
export class ToolCallDeadlines {
  private head: TimedCall | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The deadline the timer is armed for; `Infinity` when it is not armed. */
  private armedFor = Number.POSITIVE_INFINITY;

  /** Number of calls in the list (for tests). */
  get size(): number {
    let count = 0;
    for (let call = this.head; call !== undefined; call = call.deadlineNext) count++;
    return count;
  }

  /** Starts the clock of `call`: it expires `timeoutMs` from now unless removed first. */
  add(call: TimedCall, timeoutMs: number): void {
    if (call.hasDeadline) this.remove(call);
    call.deadline = performance.now() + timeoutMs;
    call.hasDeadline = true;
    call.deadlinePrev = undefined;
    call.deadlineNext = this.head;
    if (this.head !== undefined) this.head.deadlinePrev = call;
    this.head = call;
    if (call.deadline < this.armedFor) this.arm(call.deadline);
  }

  /** Stops the clock of `call`; does nothing if it is not in the list. */
  remove(call: TimedCall): void {
    if (!call.hasDeadline) return;
    call.hasDeadline = false;
    const { deadlinePrev: prev, deadlineNext: next } = call;
    if (prev === undefined) this.head = next;
    else prev.deadlineNext = next;
    if (next !== undefined) next.deadlinePrev = prev;
    call.deadlinePrev = undefined;
    call.deadlineNext = undefined;
  }

  /** Stops the timer; calls still in the list no longer expire. For the owner's shutdown. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
  }

  private arm(deadline: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.armedFor = deadline;
    this.timer = setTimeout(this.onTimer, Math.max(0, deadline - performance.now()));
    this.timer.unref();
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const now = performance.now() + TIMER_SLACK_MS;
    const expired: TimedCall[] = [];
    let earliest = Number.POSITIVE_INFINITY;
    for (let call = this.head; call !== undefined; call = call.deadlineNext) {
      if (call.deadline <= now) expired.push(call);
      else if (call.deadline < earliest) earliest = call.deadline;
    }
    for (const call of expired) this.remove(call);
    if (earliest < this.armedFor) this.arm(earliest);
    for (const call of expired) {
      try {
        call.expire();
      } catch {
        // expire() reports through the call's own result; a throw here must not stop the others.
      }
    }
  };
}
