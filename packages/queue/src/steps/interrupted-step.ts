import type { StepCall, StepRecord } from '@hexagent/core';
import type { AgentJobData } from '../agent-job.js';
import type { ClaimedJob } from '../job-queue.js';
import { READ_ONLY_CLI_TOOLS } from './cli-calls-in-flight.js';
import type { InterruptedStep } from './interrupted-step-outcome.js';
import { isIdempotent, type StepPolicy } from './step-policy.js';

/** Default wait for a person to resolve an interrupted call: 7 days. */
const DEFAULT_EXPIRY_MS = 7 * 24 * 3600_000;

/** Who asks for the approval of an interrupted call (a label: the records' `requestedBy`). */
export const INTERRUPTED_STEP_REQUESTER = 'hexagent:interrupted-step';

/** The `subject` of an interrupted call's approval: a record apart from the one that let the call run (a gated call's, `running`). */
export const INTERRUPTED_STEP_SUBJECT = 'interrupted';

/**
 * Before a retried attempt's CLI starts: the first call of the session that was in flight when a
 * worker died (an in-process call its record shows `running`, or one the CLI ran itself, in
 * `cliInFlight` from the transcript), is not idempotent (nor a read-only built-in) and is not resolved, as an {@link InterruptedStep} with its pending
 * approval (requested once: its id is derived from the call's and the subject `interrupted`, so a
 * gated call's own approval, left `running` by the crash, stays apart); `undefined` when the run may go on.
 */
export async function interruptedStep(
  job: ClaimedJob<AgentJobData>,
  policy: StepPolicy,
  cliInFlight: readonly StepCall[] = [],
): Promise<InterruptedStep | undefined> {
  const { sessionId } = job.data;
  const rerunnable = (toolName: string) => isIdempotent(policy, toolName) || READ_ONLY_CLI_TOOLS.includes(toolName);
  // A call the CLI ran itself, cut mid-flight: recorded now, from the transcript (no handler of ours saw it start).
  for (const call of cliInFlight) if (!rerunnable(call.toolName)) await policy.ledger.begin(call, false);
  const open = (await policy.ledger.interrupted(sessionId)).filter((step) => !rerunnable(step.toolName));
  const step: StepRecord | undefined = open[0];
  if (step === undefined) return undefined;
  const approval = await policy.approvals.request({
    sessionId,
    toolUseId: step.toolUseId,
    toolName: step.toolName,
    input: step.input,
    requestedBy: INTERRUPTED_STEP_REQUESTER,
    expiresInMs: policy.expiresInMs ?? DEFAULT_EXPIRY_MS,
    context: { interruptedStep: { jobId: job.id } },
    subject: INTERRUPTED_STEP_SUBJECT,
  });
  const { toolUseId, toolName, input, startedAt } = step;
  return { toolUseId, toolName, input, startedAt, approval };
}
