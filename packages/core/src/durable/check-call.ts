import type { ApprovalRecord } from './approval-record.js';

/** A tool call as the CLI presents it to a hook, `canUseTool` or a handler. */
export interface PresentedCall {
  /** The tool's name. */
  toolName: string;
  /** The digest of the input presented. */
  inputDigest: string;
}

/** Why a gated call may not run. */
export type CallRefusal = 'denied' | 'expired' | 'input-changed' | 'already-ran' | 'not-approved';

/** What {@link checkCall} concluded about a call that has a record. */
export type CallVerdict =
  /** Still pending: defer it again. */
  | { kind: 'wait' }
  /** Approved: it may run, with `input` (the approved one, edited or not). */
  | { kind: 'allow'; input: Record<string, unknown>; inputDigest: string }
  /** It may not run: tell the model `message`; write `mark` first when given. */
  | { kind: 'refuse'; reason: CallRefusal; message: string; mark?: ApprovalRecord };

/**
 * The rule of calls, pure: may the call presented run, given its record, at `now`? It runs only
 * when approved, not yet claimed, and presented with the requested input or the approved edit; a
 * pending record past its expiry is marked expired, an approved or pending one presented with
 * another input is marked invalidated (and never runs).
 */
export function checkCall(record: ApprovalRecord, call: PresentedCall, now: number): CallVerdict {
  const approvedDigest = record.decision?.inputDigest ?? record.inputDigest;
  const sameCall =
    call.toolName === record.toolName &&
    (call.inputDigest === record.inputDigest || call.inputDigest === approvedDigest);
  switch (record.status) {
    case 'denied':
      return refuse('denied', `a person denied this call: ${record.decision?.reason ?? 'no reason given'}`);
    case 'expired':
      return refuse('expired', 'the approval request expired before anyone decided');
    case 'invalidated':
      return refuse('input-changed', 'the call came back with another input than the one requested; it will not run');
    case 'running':
    case 'ran':
      return refuse('already-ran', 'this approved call has already run once');
    default:
      break;
  }
  if (!sameCall) {
    return refuse('input-changed', 'the call came back with another input than the one requested; it will not run', {
      ...record,
      status: 'invalidated',
      invalidation: { reason: 'input-changed', at: now, inputDigest: call.inputDigest },
    });
  }
  if (record.status === 'pending') {
    if (now < record.expiresAt) return { kind: 'wait' };
    return refuse('expired', 'the approval request expired before anyone decided', {
      ...record,
      status: 'expired',
      expiredAt: now,
    });
  }
  return { kind: 'allow', input: record.decision?.input ?? record.input, inputDigest: approvedDigest };
}

function refuse(reason: CallRefusal, message: string, mark?: ApprovalRecord): CallVerdict {
  return mark === undefined ? { kind: 'refuse', reason, message } : { kind: 'refuse', reason, message, mark };
}
