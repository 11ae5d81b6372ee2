import type { AgentPool } from '@hexagent/agent-pool';
import { assistantText, type Options, type Query, query } from '@hexagent/sdk';
import type { AgentJobData, AgentJobOutput, AgentJobProgress } from './agent-job.js';
import type { AgentWorkerOptions } from './agent-worker-options.js';
import { toJobError } from './job-error.js';
import type { ClaimedJob } from './job-queue.js';

interface RunContext extends AgentWorkerOptions {
  /** Aborted when the worker's close deadline passes. */
  signal: AbortSignal;
  /** Aborted when the worker starts closing. */
  closing: AbortSignal;
}

const NO_CONVERSATION = /No conversation found/;

/** Run one claimed agent job end to end: lock, query, record; the job always leaves `active`. */
export async function runAgentJob(job: ClaimedJob<AgentJobData>, context: RunContext): Promise<void> {
  const { queue } = context;
  const lock = await queue.tryLock(`session:${job.data.sessionId}`);
  if (lock === null) {
    await queue.release(job.id, context.busySessionDelayMs ?? 1000);
    return;
  }
  try {
    const reporter = progressReporter(context, job);
    let output: AgentJobOutput;
    try {
      // A retried first turn resumes what the dead attempt mirrored; if nothing was, it starts anew.
      const resume = job.data.resume || job.retryCount > 0;
      output = await runTurn(job, context, resume, reporter.push).catch((error: unknown) => {
        if (!resume || job.data.resume || !NO_CONVERSATION.test(String((error as Error).message))) throw error;
        return runTurn(job, context, false, reporter.push);
      });
    } finally {
      await reporter.flush();
    }
    await queue.complete(job.id, output);
  } catch (error) {
    // Stopped by close(): another worker takes the job over without it counting as an attempt.
    if (context.signal.aborted) await queue.release(job.id, 0);
    else await queue.fail(job.id, toJobError(error));
  } finally {
    await lock.release();
  }
}

async function runTurn(
  job: ClaimedJob<AgentJobData>,
  context: RunContext,
  resume: boolean,
  onProgress: (progress: AgentJobProgress) => void,
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
  const started = Date.now();
  const run = startQuery(context.pool, job.data.prompt, options);
  let assistantMessages = 0;
  let lastText: string | undefined;
  try {
    for await (const message of run) {
      if (message.type === 'assistant') {
        assistantMessages += 1;
        const text = assistantText(message);
        if (text !== '') lastText = text;
        onProgress({ assistantMessages, attempt: job.retryCount, ...(lastText === undefined ? {} : { lastText }) });
      } else if (message.type === 'result') {
        if (message.is_error || message.subtype !== 'success') {
          const detail = 'errors' in message ? message.errors.join('; ') : '';
          throw new Error(`agent run ended with ${message.subtype}${detail ? `: ${detail}` : ''}`);
        }
        return {
          text: message.result,
          sessionId: message.session_id,
          usage: message.usage as unknown as Record<string, unknown>,
          costUsd: message.total_cost_usd,
          numTurns: message.num_turns,
          durationMs: Date.now() - started,
        };
      }
    }
    throw new Error(context.signal.aborted ? 'agent run aborted by worker close' : 'agent run ended without a result');
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * With a pool, every run goes through it (first turns, resumes, tools, a session store), so the
 * pool's admission bounds the CLIs of this worker. Without a pool the run starts its own CLI.
 */
function startQuery(pool: AgentPool | undefined, prompt: string, options: Options): Query {
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
