import { AbortError, onAbort } from '@hexagent/core';
import { PoolQueueTimeoutError } from './pool-queue-timeout-error.js';

/** What a grant attempt says about one waiter: granted (leaves the queue), skip it for now, or stop the pass. */
export type GrantOutcome = 'granted' | 'skip' | 'stop';

/** How a waiter leaves the queue without a grant. */
export interface WaitHandlers {
  /** It gave up: its signal aborted (`AbortError`) or its time ran out (`PoolQueueTimeoutError`). */
  giveUp(error: Error, waitedMs: number): void;
}

interface Entry<T> {
  readonly value: T;
  readonly enqueuedAt: number;
  readonly handlers: WaitHandlers;
  timer: ReturnType<typeof setTimeout> | undefined;
  stopListening: (() => void) | undefined;
}

/**
 * Callers waiting for admission, first come first served. A pass (`drain`) offers the waiters the
 * free capacity in arrival order; one that cannot be served yet (its key is at its limit) is
 * skipped, so it does not hold up those behind it, and a pass stops at the first global refusal.
 * A waiter leaves on its own when its signal aborts or its timeout elapses. Timers are unref'd.
 */
export class FifoWaitQueue<T> {
  private entries: Entry<T>[] = [];
  private readonly now: () => number;
  /** A pass is running: a `drain` from inside it (a grant that queued someone again) asks for another pass. */
  private draining = false;
  private passAgain = false;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  /** Waiters in the queue. */
  get length(): number {
    return this.entries.length;
  }

  /** Queue `value` behind the others (`front`: ahead of them, for one already admitted once). */
  enqueue(
    value: T,
    handlers: WaitHandlers,
    wait: { signal?: AbortSignal | undefined; timeoutMs?: number | undefined; front?: boolean },
  ): void {
    const entry: Entry<T> = { value, enqueuedAt: this.now(), handlers, timer: undefined, stopListening: undefined };
    if (wait.front === true) this.entries.unshift(entry);
    else this.entries.push(entry);
    const { signal, timeoutMs } = wait;
    if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
      entry.timer = setTimeout(() => {
        const waitedMs = this.now() - entry.enqueuedAt;
        this.leave(entry, new PoolQueueTimeoutError({ waitedMs }));
      }, timeoutMs);
      (entry.timer as { unref?: () => void }).unref?.();
    }
    if (signal !== undefined) {
      entry.stopListening = onAbort(signal, () => {
        this.leave(entry, new AbortError({ message: 'The query was aborted while queued', cause: signal.reason }));
      });
    }
  }

  /**
   * Offer capacity to the waiters in order. `tryGrant` decides and acts synchronously; a waiter
   * is out of the queue while it is offered (so `length` seen from `tryGrant` counts the others) and
   * stays out when granted. A `drain` called from inside `tryGrant` (a grant that sent a waiter back
   * to the head) does not nest: the running pass starts over from the head once the grant returns.
   * `startPass` is called before each pass (state a pass keeps about the waiters it saw starts over).
   * Returns how long each granted waiter waited, ms.
   */
  drain(tryGrant: (value: T, waitedMs: number) => GrantOutcome, startPass?: () => void): number[] {
    const waits: number[] = [];
    if (this.draining) {
      this.passAgain = true;
      return waits;
    }
    this.draining = true;
    try {
      do {
        this.passAgain = false;
        startPass?.();
        this.pass(tryGrant, waits);
      } while (this.passAgain);
    } finally {
      this.draining = false;
    }
    return waits;
  }

  /** One pass over the waiters, from the head; stops at a `stop`, or when a grant asked for a new pass. */
  private pass(tryGrant: (value: T, waitedMs: number) => GrantOutcome, waits: number[]): void {
    for (const entry of [...this.entries]) {
      const index = this.entries.indexOf(entry);
      // It left during this pass (its signal, its timeout, its caller).
      if (index === -1) continue;
      this.entries.splice(index, 1);
      const waitedMs = this.now() - entry.enqueuedAt;
      const outcome = tryGrant(entry.value, waitedMs);
      if (outcome === 'granted') {
        this.settle(entry);
        waits.push(waitedMs);
        if (this.passAgain) return;
        continue;
      }
      // Not granted: `tryGrant` changed nothing, so its place is as it was.
      this.entries.splice(index, 0, entry);
      if (outcome === 'stop') return;
    }
  }

  /** Take `value` out of the queue without a grant or a give-up (its caller left); false when not queued. */
  remove(value: T): boolean {
    const entry = this.entries.find((candidate) => candidate.value === value);
    if (entry === undefined) return false;
    this.entries.splice(this.entries.indexOf(entry), 1);
    this.settle(entry);
    return true;
  }

  /** Empty the queue, every waiter giving up with `error` (the pool closing). */
  rejectAll(error: Error): void {
    const entries = this.entries;
    this.entries = [];
    for (const entry of entries) {
      this.settle(entry);
      entry.handlers.giveUp(error, this.now() - entry.enqueuedAt);
    }
  }

  private leave(entry: Entry<T>, error: Error): void {
    const index = this.entries.indexOf(entry);
    if (index === -1) return;
    this.entries.splice(index, 1);
    this.settle(entry);
    entry.handlers.giveUp(error, this.now() - entry.enqueuedAt);
  }

  private settle(entry: Entry<T>): void {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.stopListening?.();
  }
}
