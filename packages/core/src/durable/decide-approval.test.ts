import { describe, expect, it } from 'vitest';
import type { ApprovalRecord } from './approval-record.js';
import { checkCall } from './check-call.js';
import { decideApproval } from './decide-approval.js';

const pending: ApprovalRecord = {
  id: 'apr_1',
  sessionId: 's',
  toolUseId: 't',
  toolName: 'mcp__ops__deploy',
  input: { env: 'prod' },
  inputDigest: 'sha256:requested',
  requestedBy: 'job-1',
  requestedAt: 1000,
  expiresAt: 2000,
  status: 'pending',
};
const approve = { kind: 'approve' as const, by: 'alice' };
const deny = { kind: 'deny' as const, by: 'bob', reason: 'not today' };

describe('decideApproval', () => {
  it('decides a pending record before it expires, keeping who, when and why', () => {
    expect(decideApproval(pending, approve, 1500)).toEqual({
      kind: 'decided',
      next: { ...pending, status: 'approved', decision: { kind: 'approve', by: 'alice', at: 1500 } },
    });
    expect(decideApproval(pending, deny, 1999)).toEqual({
      kind: 'decided',
      next: { ...pending, status: 'denied', decision: { kind: 'deny', by: 'bob', at: 1999, reason: 'not today' } },
    });
  });

  it('keeps an edited input only when it differs from the requested one', () => {
    const edited = decideApproval(pending, { ...approve, input: { env: 'stage' } }, 1500, 'sha256:edited');
    expect(edited.kind === 'decided' && edited.next.decision).toEqual({
      kind: 'approve',
      by: 'alice',
      at: 1500,
      input: { env: 'stage' },
      inputDigest: 'sha256:edited',
    });
    const same = decideApproval(pending, { ...approve, input: { env: 'prod' } }, 1500, 'sha256:requested');
    expect(same.kind === 'decided' && same.next.decision).toEqual({ kind: 'approve', by: 'alice', at: 1500 });
  });

  it('refuses late, duplicate, conflicting and changed-input decisions with the reason', () => {
    const late = decideApproval(pending, approve, 2000);
    expect(late).toMatchObject({ kind: 'refused', reason: 'expired', mark: { status: 'expired', expiredAt: 2000 } });
    const approved = {
      ...pending,
      status: 'approved' as const,
      decision: { kind: 'approve' as const, by: 'a', at: 1 },
    };
    expect(decideApproval(approved, approve, 1500)).toMatchObject({ kind: 'refused', reason: 'duplicate' });
    expect(decideApproval(approved, deny, 1500)).toMatchObject({ kind: 'refused', reason: 'conflict' });
    expect(decideApproval({ ...approved, status: 'ran' }, deny, 1500)).toMatchObject({ reason: 'conflict' });
    const denied = { ...pending, status: 'denied' as const };
    expect(decideApproval(denied, deny, 1500)).toMatchObject({ reason: 'duplicate' });
    expect(decideApproval(denied, approve, 1500)).toMatchObject({ reason: 'conflict' });
    expect(decideApproval({ ...pending, status: 'expired' }, approve, 1500)).toMatchObject({ reason: 'expired' });
    expect(decideApproval({ ...pending, status: 'invalidated' }, approve, 1500)).toMatchObject({
      reason: 'input-changed',
    });
    expect(decideApproval(pending, { ...approve, expectedDigest: 'sha256:other' }, 1500)).toMatchObject({
      reason: 'input-changed',
    });
    expect(decideApproval(pending, { ...approve, expectedDigest: 'sha256:requested' }, 1500).kind).toBe('decided');
  });
});

describe('checkCall', () => {
  const call = { toolName: 'mcp__ops__deploy', inputDigest: 'sha256:requested' };
  const approved: ApprovalRecord = { ...pending, status: 'approved', decision: { kind: 'approve', by: 'a', at: 1500 } };

  it('waits while pending, allows an approved call with the approved input', () => {
    expect(checkCall(pending, call, 1500)).toEqual({ kind: 'wait' });
    expect(checkCall(approved, call, 5000)).toEqual({
      kind: 'allow',
      input: { env: 'prod' },
      inputDigest: 'sha256:requested',
    });
    const edited = {
      ...approved,
      decision: { kind: 'approve' as const, by: 'a', at: 1, input: { env: 'x' }, inputDigest: 'sha256:x' },
    };
    const allowed = { kind: 'allow', input: { env: 'x' }, inputDigest: 'sha256:x' };
    expect(checkCall(edited, call, 5000)).toEqual(allowed);
    expect(checkCall(edited, { ...call, inputDigest: 'sha256:x' }, 5000)).toEqual(allowed);
  });

  it('refuses denied, expired, already run and changed calls, marking what it learns', () => {
    expect(
      checkCall({ ...pending, status: 'denied', decision: { kind: 'deny', by: 'b', at: 1, reason: 'no' } }, call, 1500),
    ).toMatchObject({ kind: 'refuse', reason: 'denied', message: 'a person denied this call: no' });
    expect(checkCall(pending, call, 2000)).toMatchObject({ reason: 'expired', mark: { status: 'expired' } });
    expect(checkCall({ ...approved, status: 'running' }, call, 1500)).toMatchObject({ reason: 'already-ran' });
    expect(checkCall({ ...approved, status: 'ran' }, call, 1500)).toMatchObject({ reason: 'already-ran' });
    const changed = checkCall(approved, { ...call, inputDigest: 'sha256:tampered' }, 1600);
    expect(changed).toMatchObject({
      kind: 'refuse',
      reason: 'input-changed',
      mark: {
        status: 'invalidated',
        invalidation: { reason: 'input-changed', at: 1600, inputDigest: 'sha256:tampered' },
      },
    });
    expect(checkCall(pending, { ...call, toolName: 'Bash' }, 1500)).toMatchObject({ reason: 'input-changed' });
    expect(checkCall({ ...pending, status: 'invalidated' }, call, 1500)).toMatchObject({ reason: 'input-changed' });
  });
});
