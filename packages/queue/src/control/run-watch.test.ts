import { InMemoryRunControlStore, RunControlLedger } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import type { AgentJobData } from '../agent-job.js';
import type { ClaimedJob } from '../job-queue.js';
import { admitJob } from './run-watch.js';

function job(data: Partial<AgentJobData> = {}): ClaimedJob<AgentJobData> {
  return { id: 'job-1', retryCount: 0, data: { prompt: 'p', options: {}, sessionId: 's', resume: false, ...data } };
}

describe('admitJob', () => {
  it('runs a job nothing was asked of, within what is left under the tighter cap', async () => {
    const ledger = new RunControlLedger({ store: new InMemoryRunControlStore() });
    expect(await admitJob({ ledger }, job())).toEqual({ kind: 'run', remainingUsd: undefined });
    await ledger.recordSpend({ runId: 'job-1', entryId: 'a', tenant: 'acme', costUsd: 0.25 });
    const policy = { ledger, tenantDailyCapUsd: () => 2 };
    expect(await admitJob(policy, job({ tenant: 'acme', spendCapUsd: 1 }))).toEqual({
      kind: 'run',
      remainingUsd: 0.75,
    });
  });

  it('refuses a tenant at its daily cap, and a continuation at its run cap, before a CLI', async () => {
    const ledger = new RunControlLedger({ store: new InMemoryRunControlStore() });
    await ledger.recordSpend({ runId: 'other', entryId: 'a', tenant: 'broke', costUsd: 3 });
    expect(await admitJob({ ledger, tenantDailyCapUsd: 3 }, job({ tenant: 'broke' }))).toEqual({
      kind: 'end',
      stop: { reason: 'over-cap', cap: 'tenant', capUsd: 3, spentUsd: 3, started: false },
    });
    expect(await admitJob({ ledger, tenantDailyCapUsd: 3 }, job({ tenant: 'other' }))).toMatchObject({ kind: 'run' });
    await ledger.recordSpend({ runId: 'run-0', entryId: 'a', costUsd: 1 });
    expect(await admitJob({ ledger }, job({ runId: 'run-0', spendCapUsd: 1 }))).toMatchObject({
      kind: 'end',
      stop: { reason: 'over-cap', cap: 'run' },
    });
  });

  it('carries out a stop or a pause asked before the job started', async () => {
    const ledger = new RunControlLedger({ store: new InMemoryRunControlStore() });
    await ledger.stop('job-1', { by: 'alice', reason: 'no' });
    expect(await admitJob({ ledger }, job())).toMatchObject({
      kind: 'end',
      stop: {
        reason: 'stopped',
        started: false,
        control: { status: 'stopped', jobId: 'job-1', stop: { by: 'alice' } },
      },
    });
    await ledger.pause('run-2', { by: 'bob' });
    expect(await admitJob({ ledger }, job({ runId: 'run-2' }))).toMatchObject({
      kind: 'end',
      stop: { reason: 'paused', control: { status: 'paused', started: false } },
    });
  });
});
