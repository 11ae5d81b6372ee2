import { HexagentError, hasMarker } from '../errors/hexagent-error.js';
import type { ApprovalRecord } from './approval-record.js';

const MARKER = Symbol.for('hexagent.error.ApprovalDecisionError');

/**
 * Why a decision was refused: `not-found` (no such approval); `duplicate` (the same kind of decision
 * was already taken, by anyone); `conflict` (the other kind was); `expired` (taken after
 * `expiresAt`); `input-changed` (the call's input is not the one the decider saw, or the call came
 * back with another input); `input-rejected` (an edited input that is not a JSON object, or that the
 * ledger's `checkInput` refused).
 */
export type ApprovalRefusal = 'not-found' | 'duplicate' | 'conflict' | 'expired' | 'input-changed' | 'input-rejected';

/**
 * A decision on an approval was refused. Of two deciders racing on one record, one succeeds and the
 * other gets this error (`duplicate` or `conflict`), in any number of processes. `record` is the
 * approval as it stands (absent for `not-found`), so a caller can show what won.
 */
export class ApprovalDecisionError extends HexagentError {
  readonly code = 'APPROVAL_DECISION_REFUSED' as const;
  /** Why it was refused. */
  readonly reason: ApprovalRefusal;
  /** The approval's id. */
  readonly approvalId: string;
  /** The approval as it stands, when there is one. */
  readonly record: ApprovalRecord | undefined;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { approvalId: string; reason: ApprovalRefusal; message: string; record?: ApprovalRecord }) {
    super({ message: `Approval ${options.approvalId}: ${options.message}` });
    this.approvalId = options.approvalId;
    this.reason = options.reason;
    this.record = options.record;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ApprovalDecisionError {
    return hasMarker(error, MARKER);
  }
}
