import { HexagentError, hasMarker } from '@hexagent/core';
import type { JobError, JobState } from './job-queue.js';

const MARKER = Symbol.for('hexagent.error.AgentJobFailedError');

/** A queued agent run ended without a result: `failed` (retries used up) or `cancelled`. */
export class AgentJobFailedError extends HexagentError {
  readonly code = 'AGENT_JOB_FAILED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;
  /** The job's id. */
  readonly jobId: string;
  /** How it ended. */
  readonly state: JobState;
  /** The last attempt's error, when there was one. */
  readonly jobError: JobError | undefined;

  constructor(options: { jobId: string; state: JobState; error?: JobError }) {
    super({ message: `agent job ${options.jobId} ${options.state}: ${options.error?.message ?? 'no error recorded'}` });
    this.jobId = options.jobId;
    this.state = options.state;
    this.jobError = options.error;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is AgentJobFailedError {
    return hasMarker(error, MARKER);
  }
}
