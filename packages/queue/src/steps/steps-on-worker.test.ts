import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  ApprovalLedger,
  InMemoryApprovalStore,
  InMemorySessionStore,
  InMemoryStepStore,
  inputDigest,
  projectKeyForPath,
  StepLedger,
} from '@hexagent/core';
import { FakeCliTransport, resultMessage } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import type { AgentJobData, AgentJobOutput, AgentJobQueue } from '../agent-job.js';
import type { ClaimedJob } from '../job-queue.js';
import { runAgentJob } from '../run-agent-job.js';
import type { StepPolicy } from './step-policy.js';

/** A queue that records what the worker completes (one job, handed in directly). */
function recordingQueue() {
  const completed: AgentJobOutput[] = [];
  const none = async () => {
    throw new Error('not used');
  };
  const queue: AgentJobQueue = {
    enqueue: none,
    fetch: async () => [],
    complete: async (_id, output) => {
      completed.push(output as AgentJobOutput);
    },
    fail: async (_id, error) => {
      throw new Error(`failed: ${error.message}`);
    },
    release: none,
    progress: async () => {},
    get: async () => null,
    cancel: none,
    tryLock: async () => ({ release: async () => {} }),
    close: async () => {},
  };
  return { queue, completed };
}

function policy(): StepPolicy {
  return {
    ledger: new StepLedger({ store: new InMemoryStepStore() }),
    approvals: new ApprovalLedger({ store: new InMemoryApprovalStore() }),
    idempotent: ['mcp__ops__lookup'],
  };
}

const retried = (prompt: string): ClaimedJob<AgentJobData> => ({
  id: 'job-1',
  data: { prompt, sessionId: '11111111-2222-4333-8444-555555555555', options: {}, resume: false },
  retryCount: 1,
});

describe('a worker with steps', () => {
  it('ends a retry whose non-idempotent call was in flight as interrupted, before any CLI', async () => {
    const steps = policy();
    const job = retried('Pay the bill');
    const input = { what: '250 EUR' };
    const call = { sessionId: job.data.sessionId, toolUseId: 'toolu_1', toolName: 'mcp__ops__charge', input };
    await steps.ledger.begin({ ...call, inputDigest: inputDigest(input) }, false);
    const { queue, completed } = recordingQueue();
    let spawned = 0;
    const transport = (): FakeCliTransport => {
      spawned += 1;
      throw new Error('a CLI was started');
    };
    const signal = new AbortController().signal;
    const outcome = await runAgentJob(job, { queue, steps, options: { transport }, signal, closing: signal });
    expect(outcome).toEqual({ kind: 'completed' });
    expect(spawned).toBe(0);
    expect(completed[0]?.interrupted).toMatchObject({
      toolUseId: 'toolu_1',
      toolName: 'mcp__ops__charge',
      input,
      approval: { status: 'pending', toolUseId: 'toolu_1', requestedBy: 'hexagent:interrupted-step' },
    });
    // Resolved: the next attempt runs.
    await steps.ledger.resolve(job.data.sessionId, 'toolu_1', { kind: 'skip', by: 'alice' });
    expect(await steps.ledger.interrupted(job.data.sessionId)).toEqual([]);
  });

  it('a retry whose prompt the stored transcript holds resumes with Continue., not the prompt', async () => {
    const cwd = realpathSync(tmpdir());
    const job = retried('Book the trip');
    const sessionStore = new InMemorySessionStore();
    const key = { projectKey: projectKeyForPath(cwd), sessionId: job.data.sessionId };
    await sessionStore.append(key, [
      { type: 'user', uuid: 'u1', sessionId: job.data.sessionId, message: { role: 'user', content: 'Book the trip' } },
    ]);
    const { queue, completed } = recordingQueue();
    const clis: FakeCliTransport[] = [];
    const transport = () => {
      const cli = new FakeCliTransport({ autoInitialize: true });
      clis.push(cli);
      void cli
        .nextSent((m) => m.type === 'user', 10_000)
        .then(() => {
          cli.emit(resultMessage({ result: 'booked', session_id: job.data.sessionId }));
          cli.finish();
        });
      return cli;
    };
    const signal = new AbortController().signal;
    await runAgentJob(job, {
      queue,
      steps: policy(),
      sessionStore,
      options: { transport, cwd },
      signal,
      closing: signal,
    });
    expect(completed[0]?.text).toBe('booked');
    const user = clis[0]?.sent.find((m) => m.type === 'user') as unknown as { message: { content: unknown } };
    expect(JSON.stringify(user.message.content)).toContain('Continue.');
    expect(JSON.stringify(user.message.content)).not.toContain('Book the trip');
  });
});
