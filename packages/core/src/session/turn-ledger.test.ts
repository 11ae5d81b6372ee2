import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../util/manual-clock.js';
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

  describe('with a CLI that reports its state (a background subagent after the result)', () => {
    function background(options: { ceilingMs?: number; needsSdk?: boolean } = {}) {
      const clock = new ManualClock();
      const endInput = vi.fn();
      const ledger = new TurnLedger(endInput, {
        clock,
        ceilingMs: options.ceilingMs ?? 600_000,
        needsSdk: () => options.needsSdk ?? true,
      });
      ledger.open();
      return { ledger, endInput, clock };
    }

    it('keeps the input open past the result until the CLI is idle', () => {
      const { ledger, endInput } = background();
      ledger.userMessageSent();
      ledger.requestEndInput();
      ledger.stateReported('running');
      ledger.resultReceived();
      expect(ledger.isIdle).toBe(true);
      expect(ledger.runEnded).toBe(false);
      expect(endInput).not.toHaveBeenCalled();
      ledger.mainAgentActive();
      ledger.resultReceived();
      expect(endInput).not.toHaveBeenCalled();
      ledger.stateReported('idle');
      expect(endInput).toHaveBeenCalledTimes(1);
    });

    it('ends it at the ceiling when idle never comes', () => {
      const { ledger, endInput, clock } = background({ ceilingMs: 1000 });
      ledger.userMessageSent();
      ledger.requestEndInput();
      ledger.stateReported('running');
      ledger.resultReceived();
      clock.advance(999);
      expect(endInput).not.toHaveBeenCalled();
      clock.advance(1);
      expect(endInput).toHaveBeenCalledTimes(1);
    });

    it('ends it at the result when nothing needs the SDK', () => {
      const { ledger, endInput } = background({ needsSdk: false });
      ledger.userMessageSent();
      ledger.requestEndInput();
      ledger.stateReported('running');
      ledger.resultReceived();
      expect(endInput).toHaveBeenCalledTimes(1);
    });

    it('with nothing sent, ends it at once whatever the CLI reports', () => {
      const { ledger, endInput } = background();
      ledger.stateReported('running');
      ledger.requestEndInput();
      expect(endInput).toHaveBeenCalledTimes(1);
    });

    it('still waits for every turn: an idle between two queued turns does not end the input', () => {
      const { ledger, endInput } = background();
      ledger.userMessageSent();
      ledger.userMessageSent();
      ledger.requestEndInput();
      ledger.stateReported('running');
      ledger.resultReceived();
      ledger.stateReported('idle');
      expect(endInput).not.toHaveBeenCalled();
      ledger.resultReceived();
      expect(endInput).toHaveBeenCalledTimes(1);
    });

    it('whenRunEnds() calls back synchronously at the run’s end, at once when it is over, and on close()', () => {
      const { ledger } = background();
      const calls: string[] = [];
      ledger.whenRunEnds(() => calls.push('before any turn'));
      ledger.userMessageSent();
      ledger.stateReported('running');
      ledger.whenRunEnds(() => calls.push('first run'));
      ledger.resultReceived();
      expect(calls).toEqual(['before any turn']);
      ledger.stateReported('idle');
      expect(calls).toEqual(['before any turn', 'first run']);
      ledger.userMessageSent();
      ledger.whenRunEnds(() => calls.push('closed'));
      ledger.close();
      expect(calls).toEqual(['before any turn', 'first run', 'closed']);
    });

    it('whenRunEnds() hears of a run that was over before its last turn’s result came', () => {
      const { ledger } = background();
      const ended = vi.fn();
      ledger.userMessageSent();
      ledger.userMessageSent();
      ledger.stateReported('running');
      ledger.whenRunEnds(ended);
      ledger.resultReceived();
      ledger.stateReported('idle');
      expect(ended).not.toHaveBeenCalled();
      ledger.resultReceived();
      expect(ended).toHaveBeenCalledTimes(1);
    });
  });
});
