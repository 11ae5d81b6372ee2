import { describe, expect, it } from 'vitest';
import { requestRunControl, settleRunControl } from './request-run-control.js';
import type { RunControlRecord } from './run-control-record.js';

const stop = { kind: 'stop' as const, by: 'alice', reason: 'wrong repo' };
const pause = { kind: 'pause' as const, by: 'bob' };
const resume = { kind: 'resume' as const, by: 'carol' };
const at = (status: RunControlRecord['status']): RunControlRecord => ({ runId: 'r', status });

describe('requestRunControl', () => {
  it('records who asked, when and why on a run nobody asked anything of yet', () => {
    expect(requestRunControl('r', null, stop, 10)).toEqual({
      kind: 'ok',
      continueRun: false,
      record: { runId: 'r', status: 'stopping', stop: { by: 'alice', at: 10, reason: 'wrong repo' } },
    });
    expect(requestRunControl('r', null, pause, 11)).toMatchObject({
      kind: 'ok',
      record: { status: 'pausing', pause: { by: 'bob', at: 11 } },
    });
  });

  it('stops a paused run at once (it holds no CLI), and a stop is final', () => {
    expect(requestRunControl('r', at('paused'), stop, 20)).toMatchObject({
      kind: 'ok',
      record: { status: 'stopped', settledAt: 20 },
    });
    for (const status of ['stopping', 'stopped'] as const) {
      expect(requestRunControl('r', at(status), stop, 1)).toMatchObject({ kind: 'refused', refusal: 'duplicate' });
      expect(requestRunControl('r', at(status), pause, 1)).toMatchObject({ kind: 'refused', refusal: 'conflict' });
      expect(requestRunControl('r', at(status), resume, 1)).toMatchObject({ kind: 'refused', refusal: 'not-paused' });
    }
    expect(requestRunControl('r', at('pausing'), stop, 1)).toMatchObject({
      kind: 'ok',
      record: { status: 'stopping' },
    });
  });

  it('resumes a parked run with a continuation, withdraws a pause not carried out without one', () => {
    expect(requestRunControl('r', at('paused'), resume, 30)).toMatchObject({
      kind: 'ok',
      continueRun: true,
      record: { status: 'resumed', resume: { by: 'carol', at: 30 } },
    });
    expect(requestRunControl('r', at('pausing'), resume, 30)).toMatchObject({ kind: 'ok', continueRun: false });
    expect(requestRunControl('r', null, resume, 30)).toMatchObject({ kind: 'refused', refusal: 'not-paused' });
    expect(requestRunControl('r', at('resumed'), resume, 30)).toMatchObject({ kind: 'refused', refusal: 'not-paused' });
    expect(requestRunControl('r', at('paused'), pause, 30)).toMatchObject({ kind: 'refused', refusal: 'duplicate' });
    expect(requestRunControl('r', at('resumed'), pause, 31)).toMatchObject({
      kind: 'ok',
      record: { status: 'pausing' },
    });
  });
});

describe('settleRunControl', () => {
  it('carries out a pending stop or pause, and nothing else', () => {
    const job = { jobId: 'j', started: true };
    expect(settleRunControl(at('stopping'), job, 5)).toEqual({ ...at('stopped'), settledAt: 5, ...job });
    expect(settleRunControl(at('pausing'), job, 5)).toEqual({ ...at('paused'), settledAt: 5, ...job });
    for (const status of ['stopped', 'paused', 'resumed'] as const)
      expect(settleRunControl(at(status), job, 5)).toBeNull();
    expect(settleRunControl(null, job, 5)).toBeNull();
  });
});
