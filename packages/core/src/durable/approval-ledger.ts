import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { ApprovalDecisionError } from './approval-decision-error.js';
import { approvalIdOf } from './approval-id.js';
import type { ApprovalRecord, StoredApproval } from './approval-record.js';
import type { ApprovalCall, ApprovalRequest } from './approval-request.js';
import type { ApprovalQuery, ApprovalStore } from './approval-store.js';
import { type CallVerdict, checkCall } from './check-call.js';
import { type ApprovalDecision, decideApproval } from './decide-approval.js';
import { inputDigest } from './input-digest.js';

/** The options of {@link ApprovalLedger}. */
export interface ApprovalLedgerOptions {
  /** Where approvals are kept. */
  store: ApprovalStore;
  /**
   * Checks an edited input before an approval with it is recorded (the tool's schema, a policy):
   * resolve a message to refuse it (`input-rejected`), `undefined` to accept it.
   */
  checkInput?: (edit: {
    record: ApprovalRecord;
    input: Record<string, unknown>;
  }) => string | undefined | Promise<string | undefined>;
}

/** What {@link ApprovalLedger.check} and {@link ApprovalLedger.claim} say of a call: its verdict, or `none` when no record exists. */
export type LedgerVerdict = CallVerdict | { kind: 'none' };

/** Lost compare-and-sets in a row before a transition gives up (each one means another writer moved the record). */
const MAX_ATTEMPTS = 50;

/**
 * Approvals as data: the rules of core (`decideApproval`, `checkCall`) run over an
 * {@link ApprovalStore}, each change a compare-and-set, so any number of processes may request,
 * decide, check and claim at once and exactly one decision and one claim win per call.
 *
 * @example
 * ```ts
 * const ledger = new ApprovalLedger({ store: new PostgresApprovalStore({ connectionString }) });
 * for (const pending of await ledger.list({ status: 'pending' })) console.log(pending.toolName, pending.input);
 * await ledger.approve(id, { by: 'alice', expectedDigest: pending.inputDigest });
 * await ledger.deny(other, { by: 'bob', reason: 'not on a Friday' }); // ApprovalDecisionError if someone was first
 * ```
 */
export class ApprovalLedger {
  readonly #store: ApprovalStore;
  readonly #checkInput: ApprovalLedgerOptions['checkInput'];

  constructor(options: ApprovalLedgerOptions) {
    if (options.store?.specificationVersion !== 'v1') {
      throw new InvalidOptionError({
        option: 'store',
        message: "must be an ApprovalStore with specificationVersion 'v1'",
      });
    }
    this.#store = options.store;
    this.#checkInput = options.checkInput;
  }

  /** The store the ledger runs over. */
  get store(): ApprovalStore {
    return this.#store;
  }

  /**
   * Records a gated call as pending and resolves with its record. Idempotent: the same call (session
   * and tool use id) resolves with the record it already has; if that call comes back with another
   * input, the record is invalidated and never runs.
   */
  async request(request: ApprovalRequest): Promise<ApprovalRecord> {
    if (!Number.isFinite(request.expiresInMs) || request.expiresInMs <= 0) {
      throw new InvalidOptionError({ option: 'expiresInMs', message: 'must be a positive number of milliseconds' });
    }
    const now = await this.#store.now();
    const digest = inputDigest(request.input);
    const record: ApprovalRecord = {
      id: approvalIdOf(request.sessionId, request.toolUseId, request.subject),
      ...(request.subject === undefined ? {} : { subject: request.subject }),
      sessionId: request.sessionId,
      toolUseId: request.toolUseId,
      toolName: request.toolName,
      input: request.input,
      inputDigest: digest,
      requestedBy: request.requestedBy,
      requestedAt: now,
      expiresAt: now + Math.ceil(request.expiresInMs),
      status: 'pending',
      ...(request.context === undefined ? {} : { context: request.context }),
    };
    const { stored, created } = await this.#store.create(record);
    if (created) return stored.record;
    const verdict = await this.#verdict(request, false, record.id);
    if (verdict.kind === 'refuse' && verdict.mark !== undefined) return verdict.mark;
    return (await this.#store.get(record.id))?.record ?? stored.record;
  }

  /** The approval with `id`, or `null`. */
  async get(id: string): Promise<ApprovalRecord | null> {
    return (await this.#store.get(id))?.record ?? null;
  }

  /** The approval of one call (to run it, or the one about `subject`), or `null`. */
  find(sessionId: string, toolUseId: string, subject?: string): Promise<ApprovalRecord | null> {
    return this.get(approvalIdOf(sessionId, toolUseId, subject));
  }

  /** The approvals that match `query` (such as `{ status: 'pending' }`), the oldest first. */
  list(query?: ApprovalQuery): Promise<ApprovalRecord[]> {
    return this.#store.list(query);
  }

  /** Approves a pending call, optionally with an edited input (checked again). */
  approve(id: string, decision: Omit<ApprovalDecision, 'kind'>): Promise<ApprovalRecord> {
    return this.decide(id, { ...decision, kind: 'approve' });
  }

  /** Denies a pending call; the model is told `reason`. */
  deny(id: string, decision: Omit<ApprovalDecision, 'kind' | 'input'> & { reason: string }): Promise<ApprovalRecord> {
    return this.decide(id, { ...decision, kind: 'deny' });
  }

  /**
   * Takes a decision on a pending call. Rejects with `ApprovalDecisionError` when it is refused:
   * not found, already decided (`duplicate`, `conflict`: of deciders racing, all but one), expired,
   * on another input than the one seen, or with an edited input that is refused.
   */
  async decide(id: string, decision: ApprovalDecision): Promise<ApprovalRecord> {
    if (typeof decision.by !== 'string' || decision.by === '') {
      throw new InvalidOptionError({ option: 'by', message: 'a decision needs who took it' });
    }
    if (decision.kind === 'deny' && (typeof decision.reason !== 'string' || decision.reason === '')) {
      throw new InvalidOptionError({ option: 'reason', message: 'a denial needs a reason (the model is told it)' });
    }
    const editedDigest = decision.kind === 'approve' ? await this.#checkEdit(id, decision.input) : undefined;
    return this.#transition(id, (record, now) => {
      const outcome = decideApproval(record, decision, now, editedDigest);
      if (outcome.kind === 'decided') return { write: outcome.next, result: outcome.next };
      const refusal = (current: ApprovalRecord) =>
        new ApprovalDecisionError({
          approvalId: id,
          reason: outcome.reason,
          message: outcome.message,
          record: current,
        });
      return outcome.mark === undefined
        ? { error: refusal(record) }
        : { write: outcome.mark, error: refusal(outcome.mark) };
    });
  }

  /**
   * What may happen to a call now (for a hook or `canUseTool`): `none` without a record, `wait`
   * while pending, `allow` with the input to run, or `refuse` with the message for the model. Marks
   * a record expired or invalidated when the call shows it is.
   */
  async check(call: ApprovalCall): Promise<LedgerVerdict> {
    return this.#verdict(call, false);
  }

  /**
   * Claims an approved call to run it (for the handler that runs it): of any number of claims, one
   * gets `allow` and the record becomes `running`; the others get `refuse` (`already-ran`). Call
   * {@link ApprovalLedger.finish} when the handler returns.
   */
  async claim(call: ApprovalCall): Promise<LedgerVerdict> {
    return this.#verdict(call, true);
  }

  /** Records that a claimed call's handler returned (`error` when it failed: it still ran). */
  async finish(id: string, outcome: { error?: string } = {}): Promise<ApprovalRecord> {
    return this.#transition(id, (record, now) => {
      if (record.status !== 'running') return { result: record };
      const execution = { startedAt: record.execution?.startedAt ?? now, endedAt: now };
      const next: ApprovalRecord = {
        ...record,
        status: 'ran',
        execution: outcome.error === undefined ? execution : { ...execution, error: outcome.error },
      };
      return { write: next, result: next };
    });
  }

  /** Marks every pending record past its expiry as expired; resolves with those records. */
  async expireDue(): Promise<ApprovalRecord[]> {
    const now = await this.#store.now();
    const due = (await this.#store.list({ status: 'pending', limit: 1000 })).filter((r) => r.expiresAt <= now);
    const marked: ApprovalRecord[] = [];
    for (const { id } of due) {
      const record = await this.#transition(id, (current, at) => {
        if (current.status !== 'pending' || at < current.expiresAt) return { result: undefined };
        const next: ApprovalRecord = { ...current, status: 'expired', expiredAt: at };
        return { write: next, result: next };
      });
      if (record !== undefined) marked.push(record);
    }
    return marked;
  }

  /** Replaces the record's `context` (for whoever resumes the run), whatever its status. */
  async setContext(id: string, context: Record<string, unknown>): Promise<ApprovalRecord> {
    return this.#transition(id, (record) => {
      const next = { ...record, context };
      return { write: next, result: next };
    });
  }

  async #verdict(
    call: ApprovalCall,
    claim: boolean,
    id = approvalIdOf(call.sessionId, call.toolUseId),
  ): Promise<LedgerVerdict> {
    const presented = { toolName: call.toolName, inputDigest: inputDigest(call.input) };
    if ((await this.#store.get(id)) === null) return { kind: 'none' };
    return this.#transition(id, (record, now) => {
      const verdict = checkCall(record, presented, now);
      if (verdict.kind === 'refuse' && verdict.mark !== undefined) return { write: verdict.mark, result: verdict };
      if (verdict.kind !== 'allow' || !claim) return { result: verdict };
      const next: ApprovalRecord = { ...record, status: 'running', execution: { startedAt: now } };
      return { write: next, result: verdict };
    });
  }

  async #checkEdit(id: string, input: Record<string, unknown> | undefined): Promise<string | undefined> {
    if (input === undefined) return undefined;
    const current = await this.get(id);
    const refuse = (message: string, record?: ApprovalRecord) =>
      new ApprovalDecisionError({
        approvalId: id,
        reason: 'input-rejected',
        message,
        ...(record === undefined ? {} : { record }),
      });
    if (current === null)
      throw new ApprovalDecisionError({ approvalId: id, reason: 'not-found', message: 'no such approval' });
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw refuse('an edited input must be a JSON object', current);
    }
    let digest: string;
    try {
      digest = inputDigest(input);
    } catch (error) {
      throw refuse(`the edited input is not JSON: ${(error as Error).message}`, current);
    }
    const problem = await this.#checkInput?.({ record: current, input });
    if (problem !== undefined) throw refuse(`the edited input was refused: ${problem}`, current);
    return digest;
  }

  /**
   * Reads the record, lets `step` decide (with the store's time), writes with compare-and-set, and
   * on a lost race reads again: `step` then sees what the other writer did.
   */
  async #transition<T>(
    id: string,
    step: (record: ApprovalRecord, now: number) => { write?: ApprovalRecord; result?: T; error?: Error },
  ): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [stored, now] = await Promise.all([this.#store.get(id), this.#store.now()]);
      if (stored === null)
        throw new ApprovalDecisionError({ approvalId: id, reason: 'not-found', message: 'no such approval' });
      const outcome = step(stored.record, now);
      if (outcome.write !== undefined && !(await this.#replaced(stored, outcome.write))) continue;
      if (outcome.error !== undefined) throw outcome.error;
      return outcome.result as T;
    }
    throw new ApprovalDecisionError({
      approvalId: id,
      reason: 'conflict',
      message: `${MAX_ATTEMPTS} writes in a row lost to other writers`,
    });
  }

  async #replaced(stored: StoredApproval, next: ApprovalRecord): Promise<boolean> {
    return (await this.#store.replace(stored.record.id, stored.version, next)) !== null;
  }
}
