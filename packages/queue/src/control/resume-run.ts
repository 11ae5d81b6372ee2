import { InvalidOptionError, type RunControlActor, type RunControlLedger, type RunControlRecord } from '@hexagent/core';
import type { AgentJobData, AgentJobQueue } from '../agent-job.js';
import { type AgentRun, agentRun } from '../enqueue-agent-run.js';
import type { EnqueueOptions } from '../job-queue.js';
import { DEFAULT_CONTINUE_PROMPT } from './run-control-policy.js';

/** How a paused run's continuation is queued. */
export interface ResumeRunOptions extends EnqueueOptions {
  /** The user message sent when the parked job's CLI had started; default `'Continue.'`. */
  continuePrompt?: string;
}

/**
 * Resumes a paused queued run, from any process: records who resumed it (a compare-and-set, so of
 * racing resumers one wins) and, when its job was parked, queues the continuation on any worker: the
 * same session, resumed from the session store, with the parked job's options, tenant and run id (so
 * the run's cap spans both). A pause not carried out yet is withdrawn and nothing is queued (`run`
 * absent): the job simply goes on.
 *
 * @throws RunControlError (`not-paused`) when the run is not paused.
 * @example
 * ```ts
 * await control.pause(run.id, { by: 'alice' });
 * // ... later, in any process
 * const { run: continued } = await resumeRun(queue, control, run.id, { by: 'alice' });
 * const output = await continued?.result();
 * ```
 */
export async function resumeRun(
  queue: AgentJobQueue,
  ledger: RunControlLedger,
  runId: string,
  actor: RunControlActor,
  options: ResumeRunOptions = {},
): Promise<{ record: RunControlRecord; run?: AgentRun }> {
  const { record, continueRun } = await ledger.resume(runId, actor);
  if (!continueRun) return { record };
  const parked = record.jobId === undefined ? null : await queue.get(record.jobId);
  if (parked === null) {
    throw new InvalidOptionError({ option: 'runId', message: `run ${runId} has no parked job to continue from` });
  }
  const { approval, ...data } = parked.data;
  const started = record.started === true;
  const next: AgentJobData = {
    ...data,
    runId,
    // A CLI that started left its turn in the session store: the continuation resumes it with this
    // prompt (or, if nothing was mirrored yet, starts over with the job's own).
    ...(started ? { continuation: { prompt: options.continuePrompt ?? DEFAULT_CONTINUE_PROMPT } } : {}),
    ...(approval === undefined || started ? {} : { approval }),
  };
  const { retryLimit, retryDelaySeconds, expireInSeconds } = options;
  const id = await queue.enqueue(next, {
    ...(retryLimit === undefined ? {} : { retryLimit }),
    ...(retryDelaySeconds === undefined ? {} : { retryDelaySeconds }),
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
  });
  return { record, run: agentRun(queue, id, data.sessionId) };
}
