import type { Options, SDKMessage, SDKResultMessage, SDKUserMessageInput } from '@hexagent/sdk';
import type { AgentJobData, AgentJobOutput } from '../agent-job.js';
import type { ClaimedJob } from '../job-queue.js';
import { approvalGate } from './approval-gate.js';
import type { ApprovalPolicy } from './approval-policy.js';
import { GatedRunError } from './gated-run-error.js';
import { gatedOutcome, isSettlingResult, resumeInput } from './gated-turn.js';

/** A queued run behind approvals, as the worker drives it. */
export interface GatedJob {
  /** The run's options with the gate's hooks, `canUseTool` and guarded in-process tools. */
  options: Options;
  /** The prompt: the job's, or for a resume job the stream that settles the deferred call. */
  prompt: string | AsyncIterable<SDKUserMessageInput>;
  /** True for a result that is not the run's end (the one a resume emits before it settles the call). */
  settling(message: SDKMessage): boolean;
  /** At the run's last result: what to add to the job's output (`awaitingApproval` when it parked). */
  finish(result: SDKResultMessage): Promise<Pick<AgentJobOutput, 'awaitingApproval'>>;
  /** Ends a streamed input (idempotent). */
  end(): void;
}

/**
 * The gate of one queued run: each request keeps the job's options and tenant in its `context`, so
 * `decideAndResume` can queue the resume on any worker; a resume job (`data.approval`) streams its
 * input until the deferred call is settled.
 */
export async function gatedJob(
  job: ClaimedJob<AgentJobData>,
  policy: ApprovalPolicy,
  options: Options,
): Promise<GatedJob> {
  const { sessionId, tenant, approval } = job.data;
  const gate = approvalGate({
    policy,
    sessionId,
    options,
    ...(tenant === undefined ? {} : { requestedBy: tenant }),
    context: { queue: { options: job.data.options, ...(tenant === undefined ? {} : { tenant }) } },
  });
  let input: ReturnType<typeof resumeInput> | undefined;
  if (approval !== undefined) {
    const record = await policy.ledger.get(approval.id);
    if (record === null) throw new GatedRunError(sessionId, `its approval ${approval.id} is not in the store`);
    input = resumeInput(record, job.data.prompt);
  }
  return {
    options: gate.options,
    prompt: input?.prompt ?? job.data.prompt,
    settling: isSettlingResult,
    async finish(result) {
      input?.end();
      const outcome = await gatedOutcome(policy, sessionId, result);
      return outcome.kind === 'awaiting-approval' ? { awaitingApproval: outcome.approval } : {};
    },
    end: () => input?.end(),
  };
}
