import type { ApprovalLedger, ApprovalRule } from '@hexagent/core';

/**
 * How a run asks for approvals: where they are kept, which calls need one, and the defaults of a
 * request. Given to `runWithApprovals` / `resumeWithApprovals`, or to a worker as `approvals`.
 */
export interface ApprovalPolicy {
  /** The ledger over the store every process shares (deciders need only this). */
  ledger: ApprovalLedger;
  /** Which calls need approval (tool names, input, a callback); runs in the process that runs the CLI. */
  rule: ApprovalRule;
  /** How long a person has to decide, in ms; default 24 hours. */
  expiresInMs?: number;
  /** Who asks, recorded on each request (a user, a tenant); default `'agent'`. A queued job's tenant wins. */
  requestedBy?: string;
  /**
   * The user message a resume sends when the deferred call is an MCP tool (the CLI settles such a
   * call only at the start of a turn); default `'Continue.'`. A built-in tool needs none.
   */
  resumePrompt?: string;
}

/** A day, the default time a person has to decide. */
export const DEFAULT_APPROVAL_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** The default prompt of a resume that needs one. */
export const DEFAULT_RESUME_PROMPT = 'Continue.';
