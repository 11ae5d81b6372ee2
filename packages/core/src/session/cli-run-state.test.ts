/**
 * CliRunState: when the CLI's run is over, from what the official SDK 0.3.332 reads (recorded in
 * packages/compat/recordings/0.3.332/background-agent.jsonl; docs/architecture.md, "When the
 * input ends").
 */
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../util/manual-clock.js';
import { CliRunState } from './cli-run-state.js';

function runState(options: { ceilingMs?: number; needsSdk?: boolean } = {}) {
  const clock = new ManualClock();
  const ended = vi.fn();
  const run = new CliRunState({
    clock,
    ceilingMs: options.ceilingMs ?? 600_000,
    needsSdk: () => options.needsSdk ?? true,
    ended,
  });
  return { run, clock, ended };
}

describe('CliRunState', () => {
  it('is over before the first message; a written message starts a run', () => {
    const { run, ended } = runState();
    expect(run.isEnded).toBe(true);
    run.written();
    expect(run.isEnded).toBe(false);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a CLI that reports no state (older than the state reports): the run ends at its result', () => {
    const { run, ended } = runState();
    run.written();
    run.result();
    expect(run.isEnded).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(run.reported).toBeUndefined();
  });

  it('a background subagent: running at the result, the run goes on until idle', () => {
    const { run, ended } = runState();
    run.written();
    run.stateReported('running');
    run.result();
    expect(run.isEnded).toBe(false);
    // The follow-up turn the subagent's completion starts: a permission prompt, then more work.
    run.mainAgentActive();
    run.stateReported('requires_action');
    run.stateReported('running');
    run.result();
    expect(ended).not.toHaveBeenCalled();
    run.stateReported('idle');
    expect(run.isEnded).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    run.stateReported('idle');
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('an idle that comes before the turn has its result ends nothing; the result then does', () => {
    const { run, ended } = runState();
    run.written();
    run.stateReported('running');
    run.stateReported('idle');
    expect(run.isEnded).toBe(false);
    run.result();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a new message forgets the result before it: the next idle needs the new turn’s result', () => {
    const { run, ended } = runState();
    run.written();
    run.stateReported('running');
    run.result();
    run.written();
    run.stateReported('running');
    run.stateReported('idle');
    expect(ended).not.toHaveBeenCalled();
    run.result();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends at the result when the session needs nothing of the SDK, whatever the CLI reports', () => {
    const { run, ended } = runState({ needsSdk: false });
    run.written();
    run.stateReported('running');
    run.result();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('without idle, the ceiling ends the run that long after the result', () => {
    const { run, clock, ended } = runState({ ceilingMs: 1000 });
    run.written();
    run.stateReported('running');
    run.result();
    clock.advance(999);
    expect(ended).not.toHaveBeenCalled();
    clock.advance(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(run.isEnded).toBe(true);
  });

  it('requires_action stops the ceiling (the CLI waits on the SDK); running after a result starts it again', () => {
    const { run, clock, ended } = runState({ ceilingMs: 1000 });
    run.written();
    run.stateReported('running');
    run.result();
    clock.advance(500);
    run.stateReported('requires_action');
    clock.advance(5000);
    expect(ended).not.toHaveBeenCalled();
    run.stateReported('running');
    clock.advance(999);
    expect(ended).not.toHaveBeenCalled();
    clock.advance(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('the main agent writing again stops the ceiling until its next result', () => {
    const { run, clock, ended } = runState({ ceilingMs: 1000 });
    run.written();
    run.stateReported('running');
    run.result();
    run.mainAgentActive();
    clock.advance(10_000);
    expect(ended).not.toHaveBeenCalled();
    run.result();
    clock.advance(1000);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a ceiling of 0 waits for idle with no limit', () => {
    const { run, clock, ended } = runState({ ceilingMs: 0 });
    run.written();
    run.stateReported('running');
    run.result();
    clock.advance(2 ** 31);
    expect(ended).not.toHaveBeenCalled();
    expect(clock.pendingTimers).toBe(0);
    run.stateReported('idle');
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a ceiling over the longest timer waits that long; close() leaves no timer', () => {
    const { run, clock, ended } = runState({ ceilingMs: 2 ** 40 });
    run.written();
    run.stateReported('running');
    run.result();
    clock.advance(2 ** 31 - 1);
    expect(ended).toHaveBeenCalledTimes(1);
    run.written();
    run.stateReported('running');
    run.result();
    expect(clock.pendingTimers).toBe(1);
    run.close();
    expect(clock.pendingTimers).toBe(0);
  });
});
