import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidOptionError } from '@hexagent/core';
import type { AgentJobData, AgentJobOptions, AgentJobOutput, AgentJobProgress, AgentJobQueue } from './agent-job.js';
import { AgentJobFailedError } from './agent-job-failed-error.js';
import { checkSerializableOptions } from './check-serializable.js';
import type { EnqueueOptions, JobSnapshot } from './job-queue.js';

/** What `enqueueAgentRun` takes. */
export interface EnqueueAgentRunParams extends EnqueueOptions {
  /** The prompt of this turn. */
  prompt: string;
  /** Serializable options (see `AgentJobOptions`); checked before anything is queued. */
  options?: AgentJobOptions;
  /** Continue this session (a follow-up turn): the worker resumes it from its session store. */
  sessionId?: string;
  /** An opaque tenant label (a worker's `control` caps its spend per day). */
  tenant?: string;
  /** The run's spend cap in dollars (enforced by a worker with `control`). */
  spendCapUsd?: number;
}

/** A queued agent run, as its producer sees it. */
export interface AgentRun {
  /** The job's id. */
  readonly id: string;
  /** The session the run belongs to (new sessions get their id here, before they start). */
  readonly sessionId: string;
  /** Resolves with the output once the job completes; rejects with `AgentJobFailedError` if it fails or is cancelled. */
  result(options?: { pollMs?: number; signal?: AbortSignal }): Promise<AgentJobOutput>;
  /** Each new progress of the job (polled), ending when the job ends. */
  progress(options?: { pollMs?: number; signal?: AbortSignal }): AsyncIterable<AgentJobProgress>;
  /** The job's current snapshot. */
  state(): Promise<JobSnapshot<AgentJobData, AgentJobOutput, AgentJobProgress> | null>;
  /** Cancel the job (a running attempt finishes, its result is dropped). */
  cancel(): Promise<void>;
}

const DEFAULT_POLL_MS = 250;
const ENDED = new Set(['completed', 'failed', 'cancelled']);

/**
 * Queue one agent turn. Without `sessionId` it starts a new session (its id is chosen now, so a
 * retried attempt resumes what the dead worker mirrored); with one, it continues that session.
 *
 * @throws UnserializableOptionError for an option that cannot be stored (nothing is queued).
 *
 * @example
 * ```ts
 * const run = await enqueueAgentRun(queue, { prompt: 'Summarise the repo', options: { mcpServers: ['git'] } });
 * for await (const p of run.progress()) console.log(p.assistantMessages, p.lastText);
 * const { text, sessionId } = await run.result();
 * const next = await enqueueAgentRun(queue, { prompt: 'And the tests?', sessionId });
 * ```
 */
export async function enqueueAgentRun(queue: AgentJobQueue, params: EnqueueAgentRunParams): Promise<AgentRun> {
  const options = params.options ?? {};
  const { spendCapUsd } = params;
  if (spendCapUsd !== undefined && !(Number.isFinite(spendCapUsd) && spendCapUsd >= 0)) {
    throw new InvalidOptionError({ option: 'spendCapUsd', message: 'must be a finite number of dollars, 0 or more' });
  }
  checkSerializableOptions(options as Record<string, unknown>);
  const sessionId = params.sessionId ?? randomUUID();
  const data: AgentJobData = {
    prompt: params.prompt,
    options,
    sessionId,
    resume: params.sessionId !== undefined,
    ...(params.tenant === undefined ? {} : { tenant: params.tenant }),
    ...(spendCapUsd === undefined ? {} : { spendCapUsd }),
  };
  const { retryLimit, retryDelaySeconds, expireInSeconds } = params;
  const id = await queue.enqueue(data, {
    ...(retryLimit === undefined ? {} : { retryLimit }),
    ...(retryDelaySeconds === undefined ? {} : { retryDelaySeconds }),
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
  });
  return agentRun(queue, id, sessionId);
}

/** The producer's handle on an existing job (for example one enqueued by another process). */
export function agentRun(queue: AgentJobQueue, id: string, sessionId: string): AgentRun {
  const snapshot = async () => {
    const found = await queue.get(id);
    if (found === null)
      throw new AgentJobFailedError({ jobId: id, state: 'cancelled', error: { message: 'no such job' } });
    return found;
  };
  return {
    id,
    sessionId,
    state: () => queue.get(id),
    cancel: () => queue.cancel(id),
    async result(options = {}) {
      for (;;) {
        const job = await snapshot();
        if (job.state === 'completed' && job.output !== undefined) return job.output;
        if (ENDED.has(job.state)) {
          throw new AgentJobFailedError({ jobId: id, state: job.state, ...(job.error ? { error: job.error } : {}) });
        }
        await sleep(options.pollMs ?? DEFAULT_POLL_MS, undefined, { signal: options.signal });
      }
    },
    async *progress(options = {}) {
      let last = '';
      for (;;) {
        const job = await snapshot();
        const seen = job.progress === undefined ? '' : JSON.stringify(job.progress);
        if (seen !== last && job.progress !== undefined) {
          last = seen;
          yield job.progress;
        }
        if (ENDED.has(job.state)) return;
        await sleep(options.pollMs ?? DEFAULT_POLL_MS, undefined, { signal: options.signal });
      }
    },
  };
}
