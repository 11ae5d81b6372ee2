import { describe, expect, it, vi } from 'vitest';
import { TurnLedger } from './turn-ledger.js';

/** Records how a promise settles, without awaiting it. */
function track(promise: Promise<void>): { settled: boolean } {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnLedger', () => {
  it('is idle until a user message is sent, then until its result comes', () => {
    const ledger = new TurnLedger(vi.fn());
    expect(ledger.isIdle).toBe(true);
    ledger.userMessageSent();
    ledger.userMessageSent();
    expect(ledger.isIdle).toBe(false);
    ledger.resultReceived();
    expect(ledger.isIdle).toBe(false);
    ledger.resultReceived();
    expect(ledger.isIdle).toBe(true);
  });

  it('ends the input once: when input is done, the ledger is open and every turn has its result', () => {
    const endInput = vi.fn();
    const ledger = new TurnLedger(endInput);
    ledger.open();
    ledger.userMessageSent();
    ledger.requestEndInput();
    expect(ledger.inputDone).toBe(true);
    expect(endInput).not.toHaveBeenCalled();
    ledger.resultReceived();
    expect(endInput).toHaveBeenCalledTimes(1);
    expect(ledger.inputEnded).toBe(true);
    ledger.resultReceived();
    ledger.requestEndInput();
    ledger.endInputIfDue();
    expect(endInput).toHaveBeenCalledTimes(1);
  });

  it('does not end the input before it is open; open() alone does not end it, endInputIfDue() then does', () => {
    const endInput = vi.fn();
    const ledger = new TurnLedger(endInput);
    ledger.requestEndInput();
    expect(endInput).not.toHaveBeenCalled();
    ledger.open();
    expect(endInput).not.toHaveBeenCalled();
    ledger.endInputIfDue();
    expect(endInput).toHaveBeenCalledTimes(1);
  });

  it('never ends the input once closed, and cannot be opened again', () => {
    const endInput = vi.fn();
    const ledger = new TurnLedger(endInput);
    ledger.open();
    ledger.userMessageSent();
    ledger.requestEndInput();
    ledger.close();
    ledger.open();
    ledger.resultReceived();
    ledger.endInputIfDue();
    expect(endInput).not.toHaveBeenCalled();
    expect(ledger.inputEnded).toBe(false);
  });

  it('counts a user message sent after the end of input was requested (a send already under way)', () => {
    const endInput = vi.fn();
    const ledger = new TurnLedger(endInput);
    ledger.open();
    ledger.userMessageSent();
    ledger.resultReceived();
    ledger.userMessageSent();
    ledger.requestEndInput();
    expect(endInput).not.toHaveBeenCalled();
    ledger.resultReceived();
    expect(endInput).toHaveBeenCalledTimes(1);
  });

  it('waitForIdle() resolves at once when idle, else on the last result', async () => {
    const ledger = new TurnLedger(vi.fn());
    await ledger.waitForIdle();
    ledger.userMessageSent();
    ledger.userMessageSent();
    const idle = track(ledger.waitForIdle());
    ledger.resultReceived();
    await tick();
    expect(idle.settled).toBe(false);
    ledger.resultReceived();
    await tick();
    expect(idle.settled).toBe(true);
  });

  it('close() releases the waiters, and waitForIdle() resolves at once afterwards', async () => {
    const ledger = new TurnLedger(vi.fn());
    ledger.userMessageSent();
    const first = track(ledger.waitForIdle());
    const second = track(ledger.waitForIdle());
    await tick();
    expect(first.settled).toBe(false);
    ledger.close();
    await tick();
    expect(first.settled && second.settled).toBe(true);
    await ledger.waitForIdle();
  });
});
