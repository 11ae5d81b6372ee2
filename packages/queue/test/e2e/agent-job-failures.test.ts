/**
 * Failed agent runs keep their reason, on the real CLI with the scripted model and pg-boss on
 * embedded PostgreSQL: an unknown model (the API's 404) and a turn limit end `failed` with the CLI's
 * text, errors and subtype; a worker whose CLI is not logged in fails its jobs with that reason after
 * their retries, pausing between attempts, and resumes once a run gets through.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hermeticCliEnv, type RecordedRequest, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AgentJobFailedError,
  type AgentWorkerEvents,
  type AgentWorkerOptions,
  createAgentWorker,
  enqueueAgentRun,
  pgBossQueue,
} from '../../src/index.js';

const connectionString = inject('postgresUrl');
const UNKNOWN_MODEL = 'claude-nope-9';
const TIMEOUT = 240_000;
let server: ScriptedModelServer;
let env: Record<string, string | undefined>;
let cleanup: () => Promise<void>;
const cwd = mkdtempSync(join(tmpdir(), 'hexagent-failures-cwd-'));

// The API answers an unknown model with a 404, on the streamed request and on the CLI's fallback.
const notFound = { error: { status: 404, type: 'not_found_error', message: `model: ${UNKNOWN_MODEL}` } };
function model(request: RecordedRequest) {
  if (request.body.model === UNKNOWN_MODEL) return notFound;
  if (JSON.stringify(request.body.messages ?? []).includes('use a tool')) {
    return { content: [toolUse('Bash', { command: 'true' })] };
  }
  return { content: [text('fine')] };
}

beforeAll(async () => {
  server = await ScriptedModelServer.start(model, {
    sideTurn: (request) => (request.body.model === UNKNOWN_MODEL ? notFound : { content: [text('OK')] }),
  });
  ({ env, cleanup } = await hermeticCliEnv({ baseUrl: server.url }));
});
afterAll(async () => {
  await server.close();
  await cleanup();
  rmSync(cwd, { recursive: true, force: true });
});

function startWorker(name: string, options: Partial<AgentWorkerOptions> = {}) {
  const queue = pgBossQueue({ connectionString, name: `${name}-${Date.now()}` });
  const worker = createAgentWorker({
    queue,
    concurrency: 1,
    pollIntervalMs: 50,
    options: { env, cwd, settingSources: [], model: 'claude-sonnet-4-5' },
    ...options,
  });
  const events: Array<{ event: keyof AgentWorkerEvents; payload: AgentWorkerEvents[keyof AgentWorkerEvents] }> = [];
  for (const event of ['completed', 'failed', 'paused', 'resumed'] as const) {
    worker.on(event, (payload) => events.push({ event, payload }));
  }
  const close = async () => {
    await worker.close({ deadlineMs: 5000 });
    await queue.close();
  };
  return { queue, worker, events, close };
}

const of = <E extends keyof AgentWorkerEvents>(
  events: Array<{ event: keyof AgentWorkerEvents; payload: unknown }>,
  event: E,
): Array<AgentWorkerEvents[E]> => events.filter((e) => e.event === event).map((e) => e.payload as AgentWorkerEvents[E]);

describe('a failed agent run keeps its reason', () => {
  it('an unknown model: the CLI’s text, the subtype and the API status, on the error and the job', {
    timeout: TIMEOUT,
  }, async () => {
    const { queue, events, close } = startWorker('unknown-model');
    try {
      const run = await enqueueAgentRun(queue, { prompt: 'hello', options: { model: UNKNOWN_MODEL }, retryLimit: 0 });
      const error = await run.result({ pollMs: 100 }).catch((e: unknown) => e);
      expect(AgentJobFailedError.isInstance(error)).toBe(true);
      const reason = `There's an issue with the selected model (${UNKNOWN_MODEL}). It may not exist or you may not have access to it.`;
      const jobError = {
        message: `Claude Code returned an error result: ${reason}`,
        result: { subtype: 'success', text: reason, apiErrorStatus: 404, apiError: 'model_not_found' },
      };
      expect(error).toMatchObject({ state: 'failed', jobError });
      expect((error as Error).message).toContain(reason);
      expect(await run.state()).toMatchObject({ state: 'failed', retryCount: 0, error: jobError });
      // The model was asked for the unknown model; the worker blamed the job, not itself.
      expect(server.requests.some((request) => request.body.model === UNKNOWN_MODEL)).toBe(true);
      expect(of(events, 'failed')).toMatchObject([{ workerFault: false, final: true, error: jobError }]);
      expect(of(events, 'paused')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a turn limit: the subtype and its errors', { timeout: TIMEOUT }, async () => {
    const { queue, close } = startWorker('max-turns');
    try {
      const run = await enqueueAgentRun(queue, {
        prompt: 'use a tool',
        options: { maxTurns: 1, allowedTools: ['Bash'] },
        retryLimit: 0,
      });
      const error = await run.result({ pollMs: 100 }).catch((e: unknown) => e);
      expect(error).toMatchObject({
        state: 'failed',
        jobError: {
          message: expect.stringMatching(/^Claude Code returned an error result: Reached maximum number of turns/),
          result: { subtype: 'error_max_turns', errors: [expect.stringMatching(/maximum number of turns/)] },
        },
      });
      expect((await run.state())?.error?.result?.subtype).toBe('error_max_turns');
    } finally {
      await close();
    }
  });

  it('a worker not logged in fails its jobs with the CLI’s reason after the retry limit, paused between attempts', {
    timeout: TIMEOUT,
  }, async () => {
    const loggedOut = { ...env, ANTHROPIC_API_KEY: undefined };
    const requestsBefore = server.requests.length;
    const { queue, worker, events, close } = startWorker('logged-out', {
      options: { env: loggedOut, cwd, settingSources: [], model: 'claude-sonnet-4-5' },
      backoff: { initialMs: 300, maxMs: 1000 },
    });
    try {
      const runs = await Promise.all(['one', 'two'].map((prompt) => enqueueAgentRun(queue, { prompt, retryLimit: 1 })));
      const reason = 'Not logged in · Please run /login';
      for (const run of runs) {
        const error = await run.result({ pollMs: 100 }).catch((e: unknown) => e);
        expect(error).toMatchObject({
          state: 'failed',
          jobError: {
            message: `Claude Code returned an error result: ${reason}`,
            result: { subtype: 'success', text: reason, apiError: 'authentication_failed' },
          },
        });
        expect(await run.state()).toMatchObject({
          state: 'failed',
          retryCount: 1,
          error: { result: { text: reason } },
        });
      }
      // Two attempts per job, each a worker fault that paused the worker; nothing reached the model.
      const failed = of(events, 'failed');
      expect(failed).toHaveLength(4);
      expect(failed.every((event) => event.workerFault)).toBe(true);
      expect(failed.filter((event) => event.final).map((event) => event.attempt)).toEqual([1, 1]);
      expect(of(events, 'paused').map(({ delayMs, failures }) => [failures, delayMs])).toEqual([
        [1, 300],
        [2, 600],
        [3, 1000],
        [4, 1000],
      ]);
      expect(of(events, 'paused')[0]?.error.result?.text).toBe(reason);
      expect(server.requests.slice(requestsBefore).filter((request) => request.kind === 'main')).toEqual([]);
      expect(worker.paused).toBe(true);

      // A job whose options carry credentials gets through: the worker resumes.
      const fixed = await enqueueAgentRun(queue, {
        prompt: 'hello again',
        options: { env: env as Record<string, string> },
      });
      expect((await fixed.result({ pollMs: 100 })).text).toBe('fine');
      // The worker reports after its run ends, which can be after the job shows completed to a poller.
      await expect.poll(() => of(events, 'resumed')).toEqual([{ failures: 4 }]);
      expect(worker.paused).toBe(false);
    } finally {
      await close();
    }
  });
});
