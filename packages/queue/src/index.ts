/**
 * @hexagent/queue: agent runs on a durable job queue. Producers `enqueueAgentRun()` and await the
 * result or follow progress; workers (`createAgentWorker()`) on any machine run the turns, resume
 * sessions from a `SessionStore`, and never run one session twice at once. The PostgreSQL adapter
 * is `pgBossQueue()` (pg-boss 10).
 *
 * @packageDocumentation
 */

export type { AgentJobData, AgentJobOptions, AgentJobOutput, AgentJobProgress, AgentJobQueue } from './agent-job.js';
export { AgentJobFailedError } from './agent-job-failed-error.js';
export type { AgentWorkerOptions } from './agent-worker-options.js';
export { type ApprovalGate, type ApprovalGateParams, approvalGate } from './approvals/approval-gate.js';
export { type ApprovalPolicy, DEFAULT_APPROVAL_EXPIRY_MS, DEFAULT_RESUME_PROMPT } from './approvals/approval-policy.js';
export type { ApprovalRunOutcome } from './approvals/approval-run-outcome.js';
export { decideAndResume } from './approvals/decide-and-resume.js';
export {
  type ApprovalResumeOptions,
  enqueueApprovalResume,
  resumeExpired,
} from './approvals/enqueue-approval-resume.js';
export { GatedRunError } from './approvals/gated-run-error.js';
export {
  type ResumeWithApprovalsParams,
  type RunWithApprovalsParams,
  resumeWithApprovals,
  runWithApprovals,
} from './approvals/run-with-approvals.js';
export { checkSerializableOptions } from './check-serializable.js';
export { type ResumeRunOptions, resumeRun } from './control/resume-run.js';
export {
  DEFAULT_CONTINUE_PROMPT,
  DEFAULT_CONTROL_POLL_MS,
  type RunControlPolicy,
} from './control/run-control-policy.js';
export type { RunStop } from './control/run-stop.js';
export { type AgentWorker, createAgentWorker } from './create-agent-worker.js';
export { type AgentRun, agentRun, type EnqueueAgentRunParams, enqueueAgentRun } from './enqueue-agent-run.js';
export type {
  ClaimedJob,
  EnqueueOptions,
  JobError,
  JobErrorResult,
  JobLock,
  JobQueue,
  JobSnapshot,
  JobState,
} from './job-queue.js';
export { type PgBossQueueOptions, pgBossQueue } from './pg-boss-queue.js';
export { INTERRUPTED_STEP_REQUESTER, INTERRUPTED_STEP_SUBJECT } from './steps/interrupted-step.js';
export type { InterruptedStep } from './steps/interrupted-step-outcome.js';
export { type InterruptedStepDecision, resolveInterruptedStep } from './steps/resolve-interrupted-step.js';
export type { StepPolicy } from './steps/step-policy.js';
export { UnserializableOptionError } from './unserializable-option-error.js';
export type { WorkerBackoffOptions } from './worker-backoff.js';
export type { AgentWorkerEvents, AgentWorkerListener } from './worker-events.js';
