import { ControlTimeoutError, InitializeTimeoutError, TransportError } from '@hexagent/core';
import type { SDKResultMessage } from '@hexagent/sdk';
import { toJobError } from './job-error.js';
import type { JobError, JobErrorResult } from './job-queue.js';

/**
 * Why the API call behind the run's last assistant message failed, for the failures that belong to
 * the worker and not to the job: its credentials or account, or an API that is down or limiting it.
 * `model_not_found`, `invalid_request` and the like belong to the job (its options or its prompt).
 */
const WORKER_API_ERRORS = new Set([
  'authentication_failed',
  'oauth_org_not_allowed',
  'account_on_hold',
  'verification_required',
  'billing_error',
  'cloud_credential_error',
  'rate_limit',
  'overloaded',
  'server_error',
]);

/**
 * How an attempt failed: the record kept on the job, and whether the fault is the worker's (its CLI
 * could not start, or could not use the API) rather than the job's.
 */
export class AgentRunFailure extends Error {
  constructor(
    readonly jobError: JobError,
    readonly workerFault: boolean,
  ) {
    super(jobError.message);
    this.name = 'AgentRunFailure';
  }
}

/**
 * The failure of a run that ended with an error `result`, built from the message itself: the CLI's
 * text, its `errors`, its subtype (an API error or a login failure is `success` with `is_error`).
 * The message is the one the official SDK throws after such a result.
 */
export function resultFailure(result: SDKResultMessage, apiError: string | undefined): AgentRunFailure {
  const details: JobErrorResult = { subtype: result.subtype };
  const wire = result as { result?: unknown; errors?: unknown; api_error_status?: unknown; terminal_reason?: unknown };
  if (typeof wire.result === 'string' && wire.result !== '') details.text = wire.result;
  if (Array.isArray(wire.errors)) details.errors = wire.errors.map(String);
  if (typeof wire.api_error_status === 'number') details.apiErrorStatus = wire.api_error_status;
  if (apiError !== undefined) details.apiError = apiError;
  if (typeof wire.terminal_reason === 'string') details.terminalReason = wire.terminal_reason;
  const text =
    result.subtype === 'success'
      ? (details.text ?? '')
      : (details.errors ?? [])
          .map((line) => line.trim())
          .filter(Boolean)
          .join('; ');
  const message = text
    ? `Claude Code returned an error result: ${text}`
    : `Claude Code returned an error result (${result.subtype})`;
  return new AgentRunFailure({ message, result: details }, apiError !== undefined && WORKER_API_ERRORS.has(apiError));
}

/**
 * The failure of a run that threw. An error carrying the error `result` it follows (the official
 * SDK throws one after yielding that result) is recorded from the result. Before the CLI's first
 * message, a transport fault or an unanswered `initialize` means the CLI could not start (a bad
 * path, a broken install, a machine too loaded to start it): the worker's fault.
 */
export function thrownFailure(error: unknown, sawMessage: boolean, apiError: string | undefined): AgentRunFailure {
  if (error instanceof AgentRunFailure) return error;
  const carried = carriedResult(error);
  if (carried !== undefined) return resultFailure(carried, apiError);
  const startFault =
    TransportError.isInstance(error) ||
    InitializeTimeoutError.isInstance(error) ||
    (ControlTimeoutError.isInstance(error) && error.subtype === 'initialize');
  return new AgentRunFailure(toJobError(error), !sawMessage && startFault);
}

/** The error `result` message an error carries on one of its own properties, if it does. */
function carriedResult(error: unknown): SDKResultMessage | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  for (const value of Object.values(error)) {
    if (typeof value !== 'object' || value === null) continue;
    const candidate = value as { type?: unknown; subtype?: unknown; is_error?: unknown };
    if (candidate.type === 'result' && typeof candidate.subtype === 'string' && candidate.is_error === true) {
      return value as SDKResultMessage;
    }
  }
  return undefined;
}
