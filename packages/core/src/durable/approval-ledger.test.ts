import { describe, expect, it } from 'vitest';
import { ManualClock } from '../util/manual-clock.js';
import { ApprovalDecisionError } from './approval-decision-error.js';
import { ApprovalLedger } from './approval-ledger.js';
import { InMemoryApprovalStore } from './in-memory-approval-store.js';
import { inputDigest } from './input-digest.js';

function setup(checkInput?: ConstructorParameters<typeof ApprovalLedger>[0]['checkInput']) {
  const clock = new ManualClock(1_000_000);
  const store = new InMemoryApprovalStore({ clock });
  const ledger = new ApprovalLedger({ store, ...(checkInput === undefined ? {} : { checkInput }) });
  const call = { sessionId: 's1', toolUseId: 'toolu_1', toolName: 'mcp__ops__deploy', input: { env: 'prod' } };
  const request = () => ledger.request({ ...call, requestedBy: 'job-1', expiresInMs: 60_000 });
  return { clock, store, ledger, call, request };
}

async function refusal(promise: Promise<unknown>): Promise<ApprovalDecisionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(ApprovalDecisionError.isInstance(error), String(error)).toBe(true);
  return error as ApprovalDecisionError;
}

describe('ApprovalLedger', () => {
  it('records a call once, with its digest, who asked and when it expires', async () => {
    const { ledger, request, call } = setup();
    const first = await request();
    expect(first).toMatchObject({
      ...call,
      inputDigest: inputDigest(call.input),
      requestedBy: 'job-1',
      requestedAt: 1_000_000,
      expiresAt: 1_060_000,
      status: 'pending',
    });
    expect(first.id).toMatch(/^apr_[0-9a-f]{32}$/);
    expect(await request()).toEqual(first);
    expect(await ledger.list({ status: 'pending' })).toEqual([first]);
  });

  it('keeps an approval about another subject of the same call apart from the one to run it', async () => {
    const { ledger, request, call } = setup();
    const gate = await request();
    await ledger.approve(gate.id, { by: 'alice' });
    expect(await ledger.claim(call)).toMatchObject({ kind: 'allow' });
    const about = () => ledger.request({ ...call, requestedBy: 'crash', expiresInMs: 60_000, subject: 'interrupted' });
    const interrupted = await about();
    expect(interrupted).toMatchObject({ ...call, subject: 'interrupted', status: 'pending', requestedBy: 'crash' });
    expect(interrupted.id).toMatch(/^apr_[0-9a-f]{32}$/);
    expect(interrupted.id).not.toBe(gate.id);
    expect(await about()).toEqual(interrupted);
    expect(await ledger.find(call.sessionId, call.toolUseId, 'interrupted')).toEqual(interrupted);
    expect(await ledger.find(call.sessionId, call.toolUseId)).toMatchObject({ id: gate.id, status: 'running' });
    // Deciding one leaves the other as it was.
    await ledger.deny(interrupted.id, { by: 'bob', reason: 'it went through' });
    expect((await ledger.get(gate.id))?.status).toBe('running');
  });

  it('invalidates a call that comes back with another input; it is never allowed', async () => {
    const { ledger, request, call } = setup();
    const { id } = await request();
    const again = await ledger.request({ ...call, input: { env: 'evil' }, requestedBy: 'job-1', expiresInMs: 60_000 });
    expect(again).toMatchObject({ id, status: 'invalidated', invalidation: { reason: 'input-changed' } });
    expect((await refusal(ledger.approve(id, { by: 'alice' }))).reason).toBe('input-changed');
    expect(await ledger.check(call)).toMatchObject({ kind: 'refuse', reason: 'input-changed' });
  });

  it('approves once: a second approval is a duplicate, a denial a conflict, a late one expired', async () => {
    const { ledger, request, clock } = setup();
    const { id, inputDigest: digest } = await request();
    const approved = await ledger.approve(id, { by: 'alice', expectedDigest: digest });
    expect(approved).toMatchObject({ status: 'approved', decision: { kind: 'approve', by: 'alice', at: 1_000_000 } });
    const duplicate = await refusal(ledger.approve(id, { by: 'bob' }));
    expect([duplicate.reason, duplicate.code, duplicate.record?.decision?.by]).toEqual([
      'duplicate',
      'APPROVAL_DECISION_REFUSED',
      'alice',
    ]);
    expect((await refusal(ledger.deny(id, { by: 'bob', reason: 'no' }))).reason).toBe('conflict');
    const other = await ledger.request({
      sessionId: 's1',
      toolUseId: 'toolu_2',
      toolName: 'Bash',
      input: { command: 'ls' },
      requestedBy: 'job-1',
      expiresInMs: 1000,
    });
    clock.advance(1000);
    const late = await refusal(ledger.deny(other.id, { by: 'bob', reason: 'too late anyway' }));
    expect(late.reason).toBe('expired');
    expect(await ledger.get(other.id)).toMatchObject({ status: 'expired', expiredAt: 1_001_000 });
    expect((await refusal(ledger.approve('apr_missing', { by: 'x' }))).reason).toBe('not-found');
  });

  it('refuses a decision on another input than the one seen, and an edited input its check refuses', async () => {
    const { ledger, request } = setup(({ input }) =>
      typeof input.env === 'string' ? undefined : 'env must be a string',
    );
    const { id } = await request();
    expect((await refusal(ledger.approve(id, { by: 'a', expectedDigest: 'sha256:stale' }))).reason).toBe(
      'input-changed',
    );
    expect((await refusal(ledger.approve(id, { by: 'a', input: { env: 3 } }))).reason).toBe('input-rejected');
    expect(
      (await refusal(ledger.approve(id, { by: 'a', input: [] as unknown as Record<string, unknown> }))).reason,
    ).toBe('input-rejected');
    expect((await refusal(ledger.approve(id, { by: 'a', input: { env: Number.NaN } }))).reason).toBe('input-rejected');
    expect(await ledger.get(id)).toMatchObject({ status: 'pending' });
    const approved = await ledger.approve(id, { by: 'a', input: { env: 'stage' } });
    expect(approved.decision).toMatchObject({ input: { env: 'stage' }, inputDigest: inputDigest({ env: 'stage' }) });
  });

  it('lets exactly one of many concurrent claims run an approved call, then records that it ran', async () => {
    const { ledger, request, call } = setup();
    const { id } = await request();
    expect(await ledger.claim(call)).toEqual({ kind: 'wait' });
    await ledger.approve(id, { by: 'alice' });
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => ledger.claim(call)));
    expect(verdicts.filter((v) => v.kind === 'allow')).toHaveLength(1);
    expect(verdicts.filter((v) => v.kind === 'refuse' && v.reason === 'already-ran')).toHaveLength(9);
    expect(await ledger.get(id)).toMatchObject({ status: 'running', execution: { startedAt: 1_000_000 } });
    expect(await ledger.finish(id, { error: 'boom' })).toMatchObject({
      status: 'ran',
      execution: { startedAt: 1_000_000, endedAt: 1_000_000, error: 'boom' },
    });
    expect(await ledger.check({ ...call, toolUseId: 'toolu_unknown' })).toEqual({ kind: 'none' });
  });

  it('lets exactly one of two concurrent deciders win', async () => {
    for (let round = 0; round < 20; round++) {
      const { ledger, request } = setup();
      const { id } = await request();
      const outcomes = await Promise.allSettled([
        ledger.approve(id, { by: 'a' }),
        ledger.deny(id, { by: 'b', reason: 'no' }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect((lost.reason as ApprovalDecisionError).reason).toBe('conflict');
    }
  });

  it('marks due pending records expired in bulk', async () => {
    const { ledger, request, clock } = setup();
    const { id } = await request();
    expect(await ledger.expireDue()).toEqual([]);
    clock.advance(60_000);
    expect((await ledger.expireDue()).map((r) => [r.id, r.status])).toEqual([[id, 'expired']]);
  });

  it('refuses a store of another contract, a decision without who, a denial without a reason', async () => {
    expect(() => new ApprovalLedger({ store: {} as never })).toThrow(/specificationVersion 'v1'/);
    const { ledger, request } = setup();
    const { id } = await request();
    await expect(ledger.approve(id, { by: '' })).rejects.toThrow(/who took it/);
    await expect(ledger.deny(id, { by: 'b', reason: '' })).rejects.toThrow(/needs a reason/);
  });
});
