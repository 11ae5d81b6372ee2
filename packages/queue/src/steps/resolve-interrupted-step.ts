import { ApprovalDecisionError, type ApprovalRecord, InvalidOptionError, type StepRecord } from '@hexagent/core';
import type { AgentJobData, AgentJobQueue } from '../agent-job.js';
import { type AgentRun, agentRun } from '../enqueue-agent-run.js';
import type { EnqueueOptions } from '../job-queue.js';
import type { StepPolicy } from './step-policy.js';

/** A person's decision on a call interrupted mid-flight. */
export interface InterruptedStepDecision {
  /** `retry`: the run goes on and the model may call the tool again; `skip`: it goes on and the call is not run again; `fail`: the run ends here. */
  kind: 'retry' | 'skip' | 'fail';
  /** Who decides (a label the application gives). */
  by: string;
  /** Why (told to the model on a skip). */
  reason?: string;
}

/**
 * Resolves a call that was in flight when its worker died (the job completed with `interrupted`),
 * from any process: decides its approval (`retry` approves, `skip` and `fail` deny: of deciders racing
 * in any number of processes exactly one wins, the others get `ApprovalDecisionError`), records the
 * resolution on the step, and, unless `fail`, queues the run's continuation on any worker: the session
 * resumed from the store with a message saying what was decided. On `skip` the same tool with the
 * same input is refused for the rest of the session.
 *
 * @example
 * ```ts
 * const { interrupted } = await run.result();
 * if (interrupted) await resolveInterruptedStep(queue, steps, interrupted.approval.id, { kind: 'skip', by: 'alice', reason: 'it went through' });
 * ```
 */
export async function resolveInterruptedStep(
  queue: AgentJobQueue,
  policy: Pick<StepPolicy, 'ledger' | 'approvals'>,
  approvalId: string,
  decision: InterruptedStepDecision,
  options: EnqueueOptions = {},
): Promise<{ approval: ApprovalRecord; step: StepRecord; run?: AgentRun }> {
  const pending = await policy.approvals.get(approvalId);
  const jobId = (pending?.context?.interruptedStep as { jobId?: string } | undefined)?.jobId;
  if (pending === null || jobId === undefined) {
    throw new InvalidOptionError({
      option: 'approvalId',
      message: `${approvalId} is not an interrupted call's approval`,
    });
  }
  const reason = decision.reason ?? (decision.kind === 'retry' ? undefined : `${decision.kind} by ${decision.by}`);
  const approval = await policy.approvals.decide(
    approvalId,
    decision.kind === 'retry'
      ? { kind: 'approve', by: decision.by }
      : { kind: 'deny', by: decision.by, reason: reason ?? decision.kind },
  );
  const step = await policy.ledger.resolve(pending.sessionId, pending.toolUseId, {
    kind: decision.kind,
    by: decision.by,
    ...(reason === undefined ? {} : { reason }),
  });
  if (step === null) {
    throw new ApprovalDecisionError({
      approvalId,
      reason: 'duplicate',
      message: 'the interrupted call was already resolved',
      record: approval,
    });
  }
  await endGatedCall(policy.approvals, step, decision);
  if (decision.kind === 'fail') return { approval, step };
  const job = await queue.get(jobId);
  if (job === null)
    throw new InvalidOptionError({ option: 'approvalId', message: `the job ${jobId} of ${approvalId} is gone` });
  const { approval: _deferred, continuation: _earlier, ...data } = job.data;
  const next: AgentJobData = { ...data, runId: data.runId ?? jobId, continuation: { prompt: continuePrompt(step) } };
  const id = await queue.enqueue(next, options);
  return { approval, step, run: agentRun(queue, id, data.sessionId) };
}

/**
 * A gated call the crash cut was claimed (`running`) and never finished: it ends now, as having run
 * with the interruption as its error (whether it took effect is what the person decided on).
 */
async function endGatedCall(
  approvals: StepPolicy['approvals'],
  step: StepRecord,
  decision: InterruptedStepDecision,
): Promise<void> {
  const gate = await approvals.find(step.sessionId, step.toolUseId);
  if (gate?.status !== 'running') return;
  await approvals.finish(gate.id, { error: `interrupted by a crash; ${decision.kind} by ${decision.by}` });
}

/** What the model is told on the continuation (the CLI already told it the call was interrupted). */
function continuePrompt(step: StepRecord): string {
  const call = `The call ${step.toolUseId} (${step.toolName}) was interrupted by a crash`;
  if (step.resolution?.kind === 'retry') return `${call}; a person allows it to run again. Continue.`;
  return `${call}; a person chose not to run it again (${step.resolution?.reason ?? 'skipped'}). Continue without it.`;
}
