/**
 * Where an approval is in its life. `pending` → `approved` | `denied` | `expired`; `approved` →
 * `running` (the call was claimed) → `ran`; `pending` or `approved` → `invalidated` (the call came
 * back with another input than the one requested, so it never runs).
 */
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'running' | 'ran' | 'invalidated';

/** Every {@link ApprovalStatus}, in the order of a record's life. */
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = [
  'pending',
  'approved',
  'denied',
  'expired',
  'running',
  'ran',
  'invalidated',
];

/** The statuses after which nothing more happens to a record. */
export const ENDED_APPROVAL_STATUSES: readonly ApprovalStatus[] = ['denied', 'expired', 'ran', 'invalidated'];

/** A person's decision on a pending call, as recorded. */
export interface ApprovalDecisionRecord {
  /** Approve or deny. */
  kind: 'approve' | 'deny';
  /** Who decided (a label the application gives). */
  by: string;
  /** When, in epoch ms of the store's clock. */
  at: number;
  /** Why (always kept for a denial; optional for an approval). */
  reason?: string;
  /** The edited input an approval runs the call with, when it was edited. */
  input?: Record<string, unknown>;
  /** The digest of the edited input. */
  inputDigest?: string;
}

/** The claim and end of an approved call. */
export interface ApprovalExecution {
  /** When the call was claimed to run (store clock, epoch ms). */
  startedAt: number;
  /** When its handler returned; absent while it runs, or when its process died running it. */
  endedAt?: number;
  /** The error the handler threw or answered with, when it failed (the call still ran). */
  error?: string;
}

/** Why a record was invalidated. */
export interface ApprovalInvalidation {
  /** The call came back with another input than the one requested (or approved). */
  reason: 'input-changed';
  /** When it was noticed (store clock, epoch ms). */
  at: number;
  /** The digest of the input that came back. */
  inputDigest: string;
}

/**
 * One gated tool call waiting for (or after) a person's decision: the pending record saved in the
 * store when a run parks, and what happened to it since. Plain JSON, so any store holds it.
 */
export interface ApprovalRecord {
  /** `apr_` and 32 hex digits, derived from the session id, the tool use id and the subject ({@link approvalIdOf}). */
  id: string;
  /**
   * What is decided, when it is not whether to run the call (absent then): `'interrupted'` for a call
   * a crash cut mid-flight, decided apart from the approval that let it run.
   */
  subject?: string;
  /** The session of the run that asked. */
  sessionId: string;
  /** The model's `tool_use` id. */
  toolUseId: string;
  /** The tool's name as the CLI sees it (`mcp__ops__deploy`, `Bash`). */
  toolName: string;
  /** The input as the model gave it. */
  input: Record<string, unknown>;
  /** `sha256:<hex>` of the input's canonical JSON ({@link inputDigest}). */
  inputDigest: string;
  /** Who asked: a label the application gives (a user, a tenant, a job). */
  requestedBy: string;
  /** When the call was recorded (store clock, epoch ms). */
  requestedAt: number;
  /** Until when a decision is taken (store clock, epoch ms). */
  expiresAt: number;
  /** Where the record is in its life. */
  status: ApprovalStatus;
  /** The decision, once taken. */
  decision?: ApprovalDecisionRecord;
  /** The claim and end of the call, once approved and claimed. */
  execution?: ApprovalExecution;
  /** Why the record was invalidated, when it was. */
  invalidation?: ApprovalInvalidation;
  /** When the record was marked expired (store clock, epoch ms). */
  expiredAt?: number;
  /** Opaque JSON for whoever resumes the run (the queue keeps the job's options here). */
  context?: Record<string, unknown>;
}

/** A record as a store holds it: with the version every change compares and sets. */
export interface StoredApproval {
  /** The record. */
  record: ApprovalRecord;
  /** Starts at 1; each replace adds 1. */
  version: number;
}
