import type { AgentPool } from '@hexagent/agent-pool';
import type { StepCall } from '@hexagent/core';
import { assistantText, type Options, type Query, query, type SDKUserMessageInput } from '@hexagent/sdk';
import type { AgentJobData, AgentJobOutput, AgentJobProgress } from './agent-job.js';
import { AgentRunFailure, resultFailure, thrownFailure } from './agent-run-failure.js';
import type { AgentWorkerOptions } from './agent-worker-options.js';
import { gatedJob } from './approvals/gated-job.js';
import { DEFAULT_CONTINUE_PROMPT } from './control/run-control-policy.js';
import type { RunStop } from './control/run-stop.js';
import { admitJob, RunWatch } from './control/run-watch.js';
import type { ClaimedJob, JobError } from './job-queue.js';
import { cliCallsInFlight } from './steps/cli-calls-in-flight.js';
import { interruptedStep } from './steps/interrupted-step.js';
import { recordSteps, refuseSkippedCalls } from './steps/record-steps.js';
import { type RunPlace, storedTranscript, transcriptHoldsPrompt } from './steps/retry-prompt.js';
import { isIdempotent, type StepPolicy } from './steps/step-policy.js';
import { isWrappable } from './wrap-in-process-tools.js';

interface RunContext extends AgentWorkerOptions {
  /** Aborted when the worker's close deadline passes. */
  signal: AbortSignal;
  /** Aborted when the worker starts closing. */
  closing: AbortSignal;
}

/** How one claimed job left the worker. */
export type JobOutcome =
  | { kind: 'completed' }
  /** `workerFault`: the worker could not run it (its CLI did not start, or could not use the API). */
  | { kind: 'failed'; error: JobError; workerFault: boolean }
  | { kind: 'released'; reason: 'session-busy' | 'closing' };

const NO_CONVERSATION = /No conversation found/;

/** Run one claimed agent job end to end: lock, query, record; the job always leaves `active`. */
export async function runAgentJob(job: ClaimedJob<AgentJobData>, context: RunContext): Promise<JobOutcome> {
  const { queue } = context;
  const lock = await queue.tryLock(`session:${job.data.sessionId}`);
  if (lock === null) {
    await queue.release(job.id, context.busySessionDelayMs ?? 1000);
    return { kind: 'released', reason: 'session-busy' };
  }
  try {
    // Under control: a stop or pause asked meanwhile, or a cap reached, ends the job before any CLI.
    const admission = context.control === undefined ? undefined : await admitJob(context.control, job);
    if (admission?.kind === 'end') {
      await queue.complete(job.id, stoppedOutput(job, admission.stop, { durationMs: 0, costUsd: 0 }));
      return { kind: 'completed' };
    }
    // Durable steps: a call a dead worker left in flight, not idempotent, ends the run before any CLI.
    const interrupted =
      context.steps === undefined
        ? undefined
        : await interruptedStep(job, context.steps, await cliInFlight(job, context));
    if (interrupted !== undefined) {
      await queue.complete(job.id, { ...stoppedOutput(job, undefined, { durationMs: 0, costUsd: 0 }), interrupted });
      return { kind: 'completed' };
    }
    const budget = admission?.remainingUsd;
    const reporter = progressReporter(context, job);
    let output: AgentJobOutput;
    try {
      // A retried first turn (or a paused one's continuation) resumes what the earlier attempt
      // mirrored; if nothing was, it starts anew.
      const resume = job.data.resume || job.retryCount > 0 || job.data.continuation !== undefined;
      output = await runTurn(job, context, resume, reporter.push, budget).catch((error: unknown) => {
        if (!resume || job.data.resume || !NO_CONVERSATION.test(String((error as Error).message))) throw error;
        return runTurn(job, context, false, reporter.push, budget);
      });
    } finally {
      await reporter.flush();
    }
    await queue.complete(job.id, output);
    return { kind: 'completed' };
  } catch (error) {
    // Stopped by close(): another worker takes the job over without it counting as an attempt.
    if (context.signal.aborted) {
      await queue.release(job.id, 0);
      return { kind: 'released', reason: 'closing' };
    }
    const failure = thrownFailure(error, false, undefined);
    await queue.fail(job.id, failure.jobError);
    return { kind: 'failed', error: failure.jobError, workerFault: failure.workerFault };
  } finally {
    await lock.release();
  }
}

async function runTurn(
  job: ClaimedJob<AgentJobData>,
  context: RunContext,
  resume: boolean,
  onProgress: (progress: AgentJobProgress) => void,
  budgetUsd: number | undefined,
): Promise<AgentJobOutput> {
  const { mcpServers: names, ...jobOptions } = job.data.options;
  const mcpServers: NonNullable<Options['mcpServers']> = {};
  for (const name of names ?? []) {
    const server = context.servers?.[name];
    if (server === undefined) throw new Error(`MCP server "${name}" is not registered on this worker`);
    mcpServers[name] = server;
  }
  const abortController = new AbortController();
  const onAbort = () => abortController.abort();
  context.signal.addEventListener('abort', onAbort, { once: true });
  const options: Options = {
    ...context.options,
    ...(jobOptions as Options),
    ...(names === undefined ? {} : { mcpServers }),
    ...(context.sessionStore === undefined ? {} : { sessionStore: context.sessionStore }),
    ...(resume ? { resume: job.data.sessionId } : { sessionId: job.data.sessionId }),
    abortController,
  };
  // The CLI ends the run within the turn that spends what is left under the caps.
  if (budgetUsd !== undefined) options.maxBudgetUsd = Math.min(options.maxBudgetUsd ?? budgetUsd, budgetUsd);
  const prompt = await turnPrompt(job, context, resume, { cwd: options.cwd, env: options.env ?? process.env });
  // Each transcript frame reaches the store as the CLI writes it: a batch would wait for the turn's end,
  // and a worker killed mid-turn would leave its completed steps out of the store.
  if (context.steps !== undefined) options.sessionStoreFlush ??= 'eager';
  if (context.steps !== undefined) Object.assign(options, await stepRecorded(job, context.steps, options));
  const gated = context.approvals === undefined ? undefined : await gatedJob(job, context.approvals, options);
  const started = Date.now();
  let assistantMessages = 0;
  let lastText: string | undefined;
  let sawMessage = false;
  let apiError: string | undefined;
  let output: AgentJobOutput | undefined;
  const entryId = `${job.id}#${job.retryCount}#${resume ? 'r' : 'n'}`;
  const watch = context.control && new RunWatch(context.control, job, entryId, abortController);
  const stopped = (stop: RunStop) =>
    stoppedOutput(job, stop, {
      durationMs: Date.now() - started,
      costUsd: watch?.costUsd ?? 0,
      ...(lastText === undefined ? {} : { lastText }),
    });
  try {
    const run = startQuery(context.pool, gated?.prompt ?? prompt, gated?.options ?? options);
    // To the end of the run, not its first result: a subagent working in the background wakes the
    // main agent for a follow-up turn after it, whose result is the run's answer.
    for await (const message of run) {
      sawMessage = true;
      await watch?.onMessage(message);
      if (watch?.stopped !== undefined) break;
      if (message.type === 'assistant') {
        apiError = message.error;
        assistantMessages += 1;
        const text = assistantText(message);
        if (text !== '') lastText = text;
        onProgress({ assistantMessages, attempt: job.retryCount, ...(lastText === undefined ? {} : { lastText }) });
      } else if (message.type === 'result') {
        if (gated?.settling(message)) continue;
        // Built from the result itself, whether or not the query goes on to throw after it.
        if (message.is_error || message.subtype !== 'success') throw resultFailure(message, apiError);
        output = {
          text: message.result,
          sessionId: message.session_id,
          usage: message.usage as unknown as Record<string, unknown>,
          costUsd: message.total_cost_usd,
          numTurns: message.num_turns,
          durationMs: Date.now() - started,
          ...(await gated?.finish(message)),
        };
      }
    }
    if (watch?.stopped !== undefined) return stopped(watch.stopped);
    if (output !== undefined) return output;
    throw new Error(context.signal.aborted ? 'agent run aborted by worker close' : 'agent run ended without a result');
  } catch (error) {
    if (watch?.stopped !== undefined) return stopped(watch.stopped);
    throw error instanceof AgentRunFailure ? error : thrownFailure(error, sawMessage, apiError);
  } finally {
    watch?.end();
    gated?.end();
    context.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The prompt of this attempt: a continuation's; with durable steps, a retry whose prompt the
 * transcript already holds resumes with the continue prompt (the model goes on from the last step
 * instead of starting the turn over); else the job's.
 */
async function turnPrompt(
  job: ClaimedJob<AgentJobData>,
  context: RunContext,
  resume: boolean,
  run: RunPlace,
): Promise<string> {
  if (resume && job.data.continuation !== undefined) return job.data.continuation.prompt;
  const { steps, sessionStore } = context;
  if (!resume || job.data.resume || job.retryCount === 0 || steps === undefined || sessionStore === undefined) {
    return job.data.prompt;
  }
  const held = await transcriptHoldsPrompt(sessionStore, job.data.sessionId, run, job.data.prompt);
  return held ? (steps.continuePrompt ?? DEFAULT_CONTINUE_PROMPT) : job.data.prompt;
}

/** The calls of tools the CLI ran itself that the stored transcript shows in flight (none without a session store). */
async function cliInFlight(job: ClaimedJob<AgentJobData>, context: RunContext): Promise<StepCall[]> {
  const { steps, sessionStore } = context;
  if (steps === undefined || sessionStore === undefined) return [];
  // A new session's first attempt has no transcript yet: no store read on every job's start.
  if (!job.data.resume && job.retryCount === 0 && job.data.continuation === undefined) return [];
  // The place runTurn's options give the run: the job's options over the worker's.
  const cwd = job.data.options.cwd ?? context.options?.cwd;
  const env = job.data.options.env ?? context.options?.env ?? process.env;
  const transcript = await storedTranscript(sessionStore, job.data.sessionId, { cwd, env });
  const servers = (job.data.options.mcpServers ?? []).filter((name) => isWrappable(context.servers?.[name]));
  const recorded = (toolName: string) => servers.some((name) => toolName.startsWith(`mcp__${name}__`));
  return cliCallsInFlight(transcript, job.data.sessionId, recorded, steps.approvals);
}

/**
 * The run's in-process tools recording their calls; a call a person chose to skip stays refused, by
 * its handler's wrapper or, for a tool the CLI runs itself, by a `PreToolUse` hook.
 */
async function stepRecorded(
  job: ClaimedJob<AgentJobData>,
  steps: StepPolicy,
  options: Options,
): Promise<Pick<Options, 'mcpServers' | 'hooks'>> {
  const { sessionId } = job.data;
  const skipped = (await steps.ledger.list(sessionId)).flatMap((step) =>
    step.resolution?.kind === 'skip'
      ? [{ toolName: step.toolName, inputDigest: step.inputDigest, reason: step.resolution.reason ?? 'skipped' }]
      : [],
  );
  const idempotent = (toolName: string) => isIdempotent(steps, toolName);
  const recorder = { ledger: steps.ledger, sessionId, idempotent, skipped };
  return {
    ...(options.mcpServers === undefined
      ? {}
      : { mcpServers: recordSteps(options.mcpServers, recorder) ?? options.mcpServers }),
    ...(skipped.length === 0 ? {} : { hooks: refuseSkippedCalls(options.hooks, skipped) }),
  };
}

/** The output of a job a stop, a pause or a cap ended (before its CLI started, or while it ran). */
function stoppedOutput(
  job: ClaimedJob<AgentJobData>,
  stop: RunStop | undefined,
  at: { durationMs: number; costUsd: number; lastText?: string },
): AgentJobOutput {
  return {
    text: at.lastText ?? '',
    sessionId: job.data.sessionId,
    usage: {},
    costUsd: at.costUsd,
    numTurns: 0,
    durationMs: at.durationMs,
    ...(stop === undefined ? {} : { stopped: stop }),
  };
}

/**
 * With a pool, every run goes through it (first turns, resumes, tools, a session store), so the
 * pool's admission bounds the CLIs of this worker. Without a pool the run starts its own CLI.
 */
function startQuery(
  pool: AgentPool | undefined,
  prompt: string | AsyncIterable<SDKUserMessageInput>,
  options: Options,
): Query {
  if (pool === undefined) return query({ prompt, options });
  const { abortController, ...perCall } = options;
  return pool.query({ prompt, options: perCall, ...(abortController ? { signal: abortController.signal } : {}) });
}

function progressReporter(context: RunContext, job: ClaimedJob<AgentJobData>) {
  let pending: AgentJobProgress | undefined;
  let writing: Promise<void> | undefined;
  return {
    push(progress: AgentJobProgress) {
      pending = progress;
      writing ??= (async () => {
        while (pending !== undefined) {
          const next = pending;
          pending = undefined;
          await context.queue.progress(job.id, next).catch(context.onError ?? (() => {}));
        }
        writing = undefined;
      })();
    },
    flush: () => writing ?? Promise.resolve(),
  };
}
