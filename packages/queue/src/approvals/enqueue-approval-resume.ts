import { type ApprovalLedger, type ApprovalRecord, InvalidOptionError } from '@hexagent/core';
import type { AgentJobData, AgentJobOptions, AgentJobQueue } from '../agent-job.js';
import { type AgentRun, agentRun } from '../enqueue-agent-run.js';
import type { EnqueueOptions } from '../job-queue.js';
import { DEFAULT_RESUME_PROMPT } from './approval-policy.js';

/** How a resume job is queued. */
export interface ApprovalResumeOptions extends EnqueueOptions {
  /** The user message the resume sends when the deferred call is an MCP tool; default `'Continue.'`. */
  resumePrompt?: string;
}

/** What a queued run keeps on its requests (`record.context.queue`). */
interface QueueContext {
  options: AgentJobOptions;
  tenant?: string;
}

function queueContext(record: ApprovalRecord): QueueContext {
  const context = record.context?.queue as Partial<QueueContext> | undefined;
  if (typeof context !== 'object' || context === null || typeof context.options !== 'object') {
    throw new InvalidOptionError({
      option: 'approvalId',
      message: `approval ${record.id} was not requested by a queued run (it has no queue context to resume it with)`,
    });
  }
  return context as QueueContext;
}

/**
 * Queues the resume of an approval's run, on any worker with `approvals`: a job for the same session
 * with the options the parked job had. `decideAndResume` calls it after a decision; call it again if
 * the process that decided died before it queued the resume (a second resume finds the call settled:
 * the tool does not run twice).
 */
export async function enqueueApprovalResume(
  queue: AgentJobQueue,
  record: ApprovalRecord,
  options: ApprovalResumeOptions = {},
): Promise<AgentRun> {
  const context = queueContext(record);
  const data: AgentJobData = {
    prompt: options.resumePrompt ?? DEFAULT_RESUME_PROMPT,
    options: context.options,
    sessionId: record.sessionId,
    resume: true,
    ...(context.tenant === undefined ? {} : { tenant: context.tenant }),
    approval: { id: record.id },
  };
  const { retryLimit, retryDelaySeconds, expireInSeconds } = options;
  const id = await queue.enqueue(data, {
    ...(retryLimit === undefined ? {} : { retryLimit }),
    ...(retryDelaySeconds === undefined ? {} : { retryDelaySeconds }),
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
  });
  return agentRun(queue, id, record.sessionId);
}

/**
 * Marks every pending approval past its expiry as expired and queues the resume of each queued run
 * among them, so the model is told and the run goes on without the call. Schedule it (every minute,
 * say); resolves with the resumes queued.
 */
export async function resumeExpired(
  queue: AgentJobQueue,
  ledger: ApprovalLedger,
  options: ApprovalResumeOptions = {},
): Promise<AgentRun[]> {
  const runs: AgentRun[] = [];
  for (const record of await ledger.expireDue()) {
    if (record.context?.queue !== undefined) runs.push(await enqueueApprovalResume(queue, record, options));
  }
  return runs;
}
