import type { ApprovalRefusal } from './approval-decision-error.js';
import type { ApprovalRecord } from './approval-record.js';

/** A person's decision, as a decider gives it. */
export interface ApprovalDecision {
  /** Approve or deny. */
  kind: 'approve' | 'deny';
  /** Who decides (a label the application gives, such as a user name). */
  by: string;
  /** Why; required to deny (the model is told it), optional to approve. */
  reason?: string;
  /** Approve with this input instead of the requested one (checked again; `approve` only). */
  input?: Record<string, unknown>;
  /**
   * The digest of the input the decider saw (`ApprovalRecord.inputDigest` when it was listed). When
   * given and the record's differs, the decision is refused (`input-changed`).
   */
  expectedDigest?: string;
}

/** What {@link decideApproval} concluded: the record to write, or a refusal (with a record to write first, maybe). */
export type DecisionOutcome =
  | { kind: 'decided'; next: ApprovalRecord }
  | { kind: 'refused'; reason: ApprovalRefusal; message: string; mark?: ApprovalRecord };

/**
 * The rule of decisions, pure: `record` decided by `decision` at `now` (the store's clock), with
 * the edited input's digest already computed. A decision is taken only on a pending record before it
 * expires and only on the input the decider saw; a record met after its expiry is marked expired
 * (`mark`), so the refusal is also written down.
 */
export function decideApproval(
  record: ApprovalRecord,
  decision: ApprovalDecision,
  now: number,
  editedDigest?: string,
): DecisionOutcome {
  const refuse = (reason: ApprovalRefusal, message: string, mark?: ApprovalRecord): DecisionOutcome =>
    mark === undefined ? { kind: 'refused', reason, message } : { kind: 'refused', reason, message, mark };
  switch (record.status) {
    case 'pending':
      break;
    case 'expired':
      return refuse('expired', `the request expired at ${iso(record.expiresAt)}`);
    case 'invalidated':
      return refuse('input-changed', 'the call came back with another input than the one requested');
    case 'denied':
      return decision.kind === 'deny'
        ? refuse('duplicate', `already denied by ${record.decision?.by ?? 'someone'}`)
        : refuse('conflict', `already denied by ${record.decision?.by ?? 'someone'}`);
    default:
      return decision.kind === 'approve'
        ? refuse('duplicate', `already approved by ${record.decision?.by ?? 'someone'}`)
        : refuse('conflict', `already approved by ${record.decision?.by ?? 'someone'}`);
  }
  if (now >= record.expiresAt) {
    return refuse('expired', `the request expired at ${iso(record.expiresAt)}`, {
      ...record,
      status: 'expired',
      expiredAt: now,
    });
  }
  if (decision.expectedDigest !== undefined && decision.expectedDigest !== record.inputDigest) {
    return refuse('input-changed', `the input is ${record.inputDigest}, not the ${decision.expectedDigest} decided on`);
  }
  const decided = { kind: decision.kind, by: decision.by, at: now };
  if (decision.kind === 'deny') {
    return {
      kind: 'decided',
      next: { ...record, status: 'denied', decision: { ...decided, reason: decision.reason ?? 'denied' } },
    };
  }
  const edited =
    decision.input !== undefined && editedDigest !== undefined && editedDigest !== record.inputDigest
      ? { input: decision.input, inputDigest: editedDigest }
      : {};
  const reason = decision.reason === undefined ? {} : { reason: decision.reason };
  return { kind: 'decided', next: { ...record, status: 'approved', decision: { ...decided, ...reason, ...edited } } };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
