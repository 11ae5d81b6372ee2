import type { ApprovalLedger, StepLedger } from '@hexagent/core';

/** What `createAgentWorker({ steps })` takes: durable steps for every run. See docs/durable-runs.md. */
export interface StepPolicy {
  /** Where each tool call of a run is recorded as it starts and completes (`StepLedger` over a `StepStore`). */
  ledger: StepLedger;
  /**
   * Where a call interrupted mid-flight (not idempotent) becomes a pending approval a person resolves
   * (`resolveInterruptedStep`): retry, skip, or fail.
   */
  approvals: ApprovalLedger;
  /**
   * The in-process tools (full names, `mcp__<server>__<tool>`) that are safe to run again when a worker
   * died while they ran, or a predicate. Any other call in flight ends the run as `interrupted`.
   */
  idempotent?: readonly string[] | ((toolName: string) => boolean);
  /** The user message a retried attempt resumes its session with, instead of the job's prompt. Default `'Continue.'`. */
  continuePrompt?: string;
  /** How long the interrupted call's approval waits for a person, in ms. Default 7 days. */
  expiresInMs?: number;
}

/** Whether `toolName` is marked idempotent by the policy. */
export function isIdempotent(policy: StepPolicy, toolName: string): boolean {
  const { idempotent } = policy;
  if (idempotent === undefined) return false;
  return typeof idempotent === 'function' ? idempotent(toolName) : idempotent.includes(toolName);
}
