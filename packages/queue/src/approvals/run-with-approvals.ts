import { randomUUID } from 'node:crypto';
import { ApprovalDecisionError } from '@hexagent/core';
import { type Options, type Query, query, ResultError, type SDKMessage, type SDKResultMessage } from '@hexagent/sdk';
import { approvalGate } from './approval-gate.js';
import type { ApprovalPolicy } from './approval-policy.js';
import type { ApprovalRunOutcome } from './approval-run-outcome.js';
import { GatedRunError } from './gated-run-error.js';
import { gatedOutcome, isSettlingResult, resumeInput } from './gated-turn.js';

/** What {@link runWithApprovals} takes. */
export interface RunWithApprovalsParams {
  /** The prompt. */
  prompt: string;
  /**
   * The query's options. Give a `sessionStore` for a resume in another process; `sessionId` is
   * chosen when left out (`resume` and `continue` are for {@link resumeWithApprovals}).
   */
  options?: Options;
  /** The ledger, the rule and the request defaults. */
  policy: ApprovalPolicy;
  /** Who asks (recorded on a request); default the policy's. */
  requestedBy?: string;
  /** Opaque JSON kept on a request, for whoever resumes the run. */
  context?: Record<string, unknown>;
  /** Sees every message of the run, as `query()` yields it. */
  onMessage?: (message: SDKMessage) => void;
}

/**
 * Runs a prompt with its tool calls behind a person's approval: the calls `policy.rule` gates are
 * recorded as pending and the run ends `awaiting-approval` (its CLI exits; nothing waits). A person
 * decides from any process (`policy.ledger.approve` / `deny`), then {@link resumeWithApprovals}
 * continues the run. See docs/durable-runs.md.
 *
 * @example
 * ```ts
 * const policy = { ledger: new ApprovalLedger({ store }), rule: { tools: ['mcp__ops__deploy'] } };
 * const outcome = await runWithApprovals({ prompt: 'Deploy to prod', policy, options: { mcpServers: { ops }, sessionStore } });
 * if (outcome.kind === 'awaiting-approval') notify(outcome.approval);
 * ```
 */
export async function runWithApprovals(params: RunWithApprovalsParams): Promise<ApprovalRunOutcome> {
  const options = params.options ?? {};
  const sessionId = options.sessionId ?? randomUUID();
  const gate = approvalGate({
    policy: params.policy,
    sessionId,
    options: { ...options, sessionId },
    ...(params.requestedBy === undefined ? {} : { requestedBy: params.requestedBy }),
    ...(params.context === undefined ? {} : { context: params.context }),
  });
  const result = await lastResult(sessionId, query({ prompt: params.prompt, options: gate.options }), params.onMessage);
  return gatedOutcome(params.policy, sessionId, result);
}

/** What {@link resumeWithApprovals} takes. */
export interface ResumeWithApprovalsParams {
  /** The approval whose run to continue (decided, expired, or still pending: then it parks again). */
  approvalId: string;
  /** The query's options, as the run had them (its in-process servers, its `sessionStore`). */
  options?: Options;
  /** The ledger, the rule and the request defaults. */
  policy: ApprovalPolicy;
  /** Who asks, for a call the resumed run gates; default the policy's. */
  requestedBy?: string;
  /** Opaque JSON kept on a new request. */
  context?: Record<string, unknown>;
  /** Sees every message of the run. */
  onMessage?: (message: SDKMessage) => void;
}

/**
 * Continues the run of a decided approval, in any process that has its tools: the CLI resumes the
 * session and settles the deferred call (it runs once if approved; the model is told the refusal if
 * denied, expired or changed), then the run goes on to its end or its next gated call.
 *
 * @throws ApprovalDecisionError (`not-found`) for an unknown approval.
 */
export async function resumeWithApprovals(params: ResumeWithApprovalsParams): Promise<ApprovalRunOutcome> {
  const record = await params.policy.ledger.get(params.approvalId);
  if (record === null) {
    throw new ApprovalDecisionError({
      approvalId: params.approvalId,
      reason: 'not-found',
      message: 'no such approval',
    });
  }
  const { sessionId: _new, continue: _continue, ...options } = params.options ?? {};
  const gate = approvalGate({
    policy: params.policy,
    sessionId: record.sessionId,
    options: { ...options, resume: record.sessionId },
    ...(params.requestedBy === undefined ? {} : { requestedBy: params.requestedBy }),
    ...(params.context === undefined ? {} : { context: params.context }),
  });
  const input = resumeInput(record, params.policy.resumePrompt);
  const run = query({ prompt: input.prompt, options: gate.options });
  const result = await lastResult(record.sessionId, run, params.onMessage, input.end);
  return gatedOutcome(params.policy, record.sessionId, result);
}

/**
 * Reads a run to its end and answers its last `result` (not the one a resume emits before it
 * settles a deferred call). `endInput` is called at that result, so a streamed input ends then.
 * A `ResultError` after an error result is not thrown: the result says it. No result at all is a
 * `GatedRunError`.
 */
async function lastResult(
  sessionId: string,
  run: Query,
  onMessage?: (message: SDKMessage) => void,
  endInput?: () => void,
): Promise<SDKResultMessage> {
  let last: SDKResultMessage | undefined;
  try {
    for await (const message of run) {
      onMessage?.(message);
      if (message.type !== 'result' || isSettlingResult(message)) continue;
      last = message;
      endInput?.();
    }
  } catch (error) {
    if (last === undefined || !ResultError.isInstance(error)) throw error;
  } finally {
    endInput?.();
  }
  if (last === undefined) throw new GatedRunError(sessionId);
  return last;
}
