import type { Clock } from '../ports/clock.js';
import { systemClock } from '../util/system-clock.js';
import { CliRunState } from './cli-run-state.js';
import { DEFAULT_RUN_END_CEILING_MS } from './run-end-ceiling.js';

/** How a {@link TurnLedger} tells when the CLI's run is over (see {@link CliRunState}). */
export interface TurnLedgerOptions {
  /** Where the ceiling's timer is set; default the system clock. */
  clock?: Clock;
  /** After a `result`, how long to wait for the CLI's `idle` at most; 0: no limit. Default 10 minutes. */
  ceilingMs?: number;
  /** Whether the CLI may still ask the SDK something; default true. */
  needsSdk?: () => boolean;
}

/**
 * The turns of a session: user messages sent against `result`s received, the CLI's run (see
 * {@link CliRunState}: a `result` may be followed by more work, such as a background subagent
 * waking the main agent), and when the CLI's input may be ended. `endInput` is called once, at the
 * first moment when input was declared done ({@link TurnLedger.requestEndInput}), the session is
 * open ({@link TurnLedger.open}), every turn sent has its result and the run is over (the CLI
 * reported `idle`, or it reports no state, or the ceiling passed): ending it earlier would cut off
 * the hooks, permission prompts and tool calls of a turn still running. With no user message sent
 * at all it ends at once. Waiters for idle are released when every turn is answered; waiters for
 * the run's end when it ends; both when the session closes.
 *
 * @example
 * ```ts
 * const ledger = new TurnLedger(() => transport.endInput());
 * ledger.open();
 * ledger.userMessageSent();
 * ledger.requestEndInput(); // not yet: one turn is unanswered
 * ledger.stateReported('running');
 * ledger.resultReceived(); // not yet: the CLI still runs
 * ledger.stateReported('idle'); // now: endInput() is called
 * ```
 */
export class TurnLedger {
  private sent = 0;
  private received = 0;
  private endRequested = false;
  private ended = false;
  private state: 'new' | 'open' | 'closed' = 'new';
  private readonly waiters = new Set<() => void>();
  private readonly runWaiters = new Set<() => void>();
  private readonly endInput: () => void;
  private readonly run: CliRunState;

  /** @param endInput ends the CLI's input; called at most once. */
  constructor(endInput: () => void, options: TurnLedgerOptions = {}) {
    this.endInput = endInput;
    this.run = new CliRunState({
      clock: options.clock ?? systemClock,
      ceilingMs: options.ceilingMs ?? DEFAULT_RUN_END_CEILING_MS,
      needsSdk: options.needsSdk ?? (() => true),
      ended: () => this.runMayHaveEnded(),
    });
  }

  /** True once no more user messages may be sent ({@link TurnLedger.requestEndInput} was called). */
  get inputDone(): boolean {
    return this.endRequested;
  }

  /** True once `endInput` was called. */
  get inputEnded(): boolean {
    return this.ended;
  }

  /** True when every user message sent so far has its result. */
  get isIdle(): boolean {
    return this.received >= this.sent;
  }

  /** True when every user message sent so far has its result and the CLI's run is over. */
  get runEnded(): boolean {
    return this.isIdle && this.run.isEnded;
  }

  /**
   * Counts one user message, and starts a run; call it before the message is written (before any
   * await), so an end of input waits for it and a `result` never precedes the run it ends.
   */
  userMessageSent(): void {
    this.sent += 1;
    this.run.written();
  }

  /** Counts one `result`; may release idle waiters, end the run and end the input. */
  resultReceived(): void {
    this.received += 1;
    this.wake(this.waiters);
    this.run.result();
    // The run may have been over already, waiting only for this turn's result.
    this.runMayHaveEnded();
  }

  /** The CLI reported its state (`session_state_changed`: `idle`, `running`, `requires_action`). */
  stateReported(state: string): void {
    this.run.stateReported(state);
  }

  /** The main agent wrote an `assistant` message or a `stream_event`: its run goes on. */
  mainAgentActive(): void {
    this.run.mainAgentActive();
  }

  /** No more user messages will come: end the input once every turn is answered and the run is over. */
  requestEndInput(): void {
    this.endRequested = true;
    this.endInputIfDue();
  }

  /** The session runs: from now on the input may be ended. Does not end it by itself. */
  open(): void {
    if (this.state === 'new') this.state = 'open';
  }

  /** Ends the input now if it is due (done, open, nothing sent or every turn answered and the run over, not yet ended). */
  endInputIfDue(): void {
    if (!this.endRequested || this.ended || this.state !== 'open') return;
    if (this.sent > 0 && !this.runEnded) return;
    this.ended = true;
    this.endInput();
  }

  /** The session ended: releases every waiter and stops the ceiling; the input is not ended from here on. Idempotent. */
  close(): void {
    this.state = 'closed';
    this.run.close();
    this.wake(this.waiters);
    this.wake(this.runWaiters);
  }

  /** Resolves when every user message sent so far has its `result`, or the session closed. */
  waitForIdle(): Promise<void> {
    return new Promise((resolve) => this.whenIdle(resolve));
  }

  /**
   * Calls `callback` once, synchronously, when every user message sent so far has its `result`
   * and the CLI's run is over, or when the session closes; at once if that is so already.
   */
  whenRunEnds(callback: () => void): void {
    this.when(this.runWaiters, () => this.runEnded, callback);
  }

  private whenIdle(callback: () => void): void {
    this.when(this.waiters, () => this.isIdle, callback);
  }

  private when(waiters: Set<() => void>, done: () => boolean, callback: () => void): void {
    if (done() || this.state === 'closed') {
      callback();
      return;
    }
    const check = () => {
      if (done() || this.state === 'closed') {
        waiters.delete(check);
        callback();
      }
    };
    waiters.add(check);
  }

  private runMayHaveEnded(): void {
    this.wake(this.runWaiters);
    this.endInputIfDue();
  }

  private wake(waiters: Set<() => void>): void {
    for (const waiter of [...waiters]) waiter();
  }
}
