/**
 * The turns of a session: user messages sent against `result`s received, and when the CLI's input
 * may be ended. `endInput` is called once, at the first moment when input was declared done
 * ({@link TurnLedger.requestEndInput}), the session is open ({@link TurnLedger.open}) and every
 * turn sent has its result: ending it earlier would cut off the hooks, permission prompts and tool
 * calls of a turn still running. Waiters for idle are released when every turn is answered, or when
 * the session closes.
 *
 * @example
 * ```ts
 * const ledger = new TurnLedger(() => transport.endInput());
 * ledger.open();
 * ledger.userMessageSent();
 * ledger.requestEndInput(); // not yet: one turn is unanswered
 * ledger.resultReceived(); // now: endInput() is called
 * ```
 */
export class TurnLedger {
  private sent = 0;
  private received = 0;
  private endRequested = false;
  private ended = false;
  private state: 'new' | 'open' | 'closed' = 'new';
  private readonly waiters = new Set<() => void>();
  private readonly endInput: () => void;

  /** @param endInput ends the CLI's input; called at most once. */
  constructor(endInput: () => void) {
    this.endInput = endInput;
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

  /** Counts one user message; call it before the message is written, so an end of input waits for it. */
  userMessageSent(): void {
    this.sent += 1;
  }

  /** Counts one `result`; may release idle waiters and end the input. */
  resultReceived(): void {
    this.received += 1;
    this.wakeWaiters();
    this.endInputIfDue();
  }

  /** No more user messages will come: end the input once every turn is answered. */
  requestEndInput(): void {
    this.endRequested = true;
    this.endInputIfDue();
  }

  /** The session runs: from now on the input may be ended. Does not end it by itself. */
  open(): void {
    if (this.state === 'new') this.state = 'open';
  }

  /** Ends the input now if it is due (done, open, every turn answered, not yet ended). */
  endInputIfDue(): void {
    if (!this.endRequested || this.ended || this.state !== 'open' || !this.isIdle) return;
    this.ended = true;
    this.endInput();
  }

  /** The session ended: releases every idle waiter; the input is not ended from here on. Idempotent. */
  close(): void {
    this.state = 'closed';
    this.wakeWaiters();
  }

  /** Resolves when every user message sent so far has its `result`, or the session closed. */
  waitForIdle(): Promise<void> {
    if (this.isIdle || this.state === 'closed') return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (this.isIdle || this.state === 'closed') {
          this.waiters.delete(check);
          resolve();
        }
      };
      this.waiters.add(check);
    });
  }

  private wakeWaiters(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
