import type { ApprovalDecision, ApprovalLedger, ApprovalRecord } from '@hexagent/core';
import type { AgentJobQueue } from '../agent-job.js';
import type { AgentRun } from '../enqueue-agent-run.js';
import { type ApprovalResumeOptions, enqueueApprovalResume } from './enqueue-approval-resume.js';

/**
 * Decides a queued run's pending call and queues the run's continuation: on approval the call runs
 * once on whichever worker takes the job; on denial the model is told `reason` and goes on. A
 * refused decision (duplicate, conflicting, late, on another input) rejects with
 * `ApprovalDecisionError` and queues nothing, so of deciders racing in any number of processes
 * exactly one resumes the run.
 *
 * @example
 * ```ts
 * const { run } = await decideAndResume(queue, ledger, id, { kind: 'approve', by: 'alice', expectedDigest });
 * const { text } = await run.result();
 * ```
 */
export async function decideAndResume(
  queue: AgentJobQueue,
  ledger: ApprovalLedger,
  approvalId: string,
  decision: ApprovalDecision,
  options: ApprovalResumeOptions = {},
): Promise<{ approval: ApprovalRecord; run: AgentRun }> {
  const approval = await ledger.decide(approvalId, decision);
  const run = await enqueueApprovalResume(queue, approval, options);
  return { approval, run };
}
