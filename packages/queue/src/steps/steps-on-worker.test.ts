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
import { resolveInterruptedStep } from './resolve-interrupted-step.js';
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

  it('a gated call approved and running when the worker died: its interrupted approval is a record of its own, and deciding it ends the gate', async () => {
    const steps = policy();
    const job = retried('Pay the bill');
    const input = { what: '250 EUR' };
    const call = { sessionId: job.data.sessionId, toolUseId: 'toolu_1', toolName: 'mcp__ops__charge', input };
    const gate = await steps.approvals.request({ ...call, requestedBy: 'gate', expiresInMs: 60_000 });
    await steps.approvals.approve(gate.id, { by: 'alice' });
    expect(await steps.approvals.claim(call)).toMatchObject({ kind: 'allow' });
    await steps.ledger.begin({ ...call, inputDigest: inputDigest(input) }, false);
    const { queue, completed } = recordingQueue();
    const signal = new AbortController().signal;
    const transport = (): FakeCliTransport => {
      throw new Error('a CLI was started');
    };
    await runAgentJob(job, { queue, steps, options: { transport }, signal, closing: signal });
    const interrupted = completed[0]?.interrupted;
    expect(interrupted?.approval).toMatchObject({ status: 'pending', subject: 'interrupted', toolUseId: 'toolu_1' });
    expect(interrupted?.approval.id).not.toBe(gate.id);
    const { approval } = await resolveInterruptedStep(queue, steps, interrupted?.approval.id ?? '', {
      kind: 'fail',
      by: 'bob',
    });
    expect(approval.status).toBe('denied');
    expect(await steps.approvals.get(gate.id)).toMatchObject({
      status: 'ran',
      execution: { error: 'interrupted by a crash; fail by bob' },
    });
  });

  it('a call the CLI ran itself, in flight in the stored transcript, ends the retry interrupted; read-only and answered ones do not', async () => {
    const cwd = realpathSync(tmpdir());
    const job = retried('Clean up');
    const { sessionId } = job.data;
    const sessionStore = new InMemorySessionStore();
    const key = { projectKey: projectKeyForPath(cwd), sessionId };
    const use = (id: string, name: string, input: Record<string, unknown>) => ({
      type: 'assistant',
      uuid: `a-${id}`,
      sessionId,
      message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
    });
    const answered = (id: string) => ({
      type: 'user',
      uuid: `u-${id}`,
      sessionId,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] },
    });
    await sessionStore.append(key, [
      { type: 'user', uuid: 'u0', sessionId, message: { role: 'user', content: 'Clean up' } },
      use('toolu_ls', 'Bash', { command: 'ls' }),
      answered('toolu_ls'),
      use('toolu_read', 'Read', { file_path: '/etc/hostname' }),
      use('toolu_rm', 'Bash', { command: 'rm -rf build' }),
    ]);
    const steps = policy();
    const { queue, completed } = recordingQueue();
    const signal = new AbortController().signal;
    const transport = (): FakeCliTransport => {
      throw new Error('a CLI was started');
    };
    await runAgentJob(job, { queue, steps, sessionStore, options: { transport, cwd }, signal, closing: signal });
    expect(completed[0]?.interrupted).toMatchObject({
      toolUseId: 'toolu_rm',
      toolName: 'Bash',
      input: { command: 'rm -rf build' },
      approval: { status: 'pending', subject: 'interrupted' },
    });
    expect((await steps.ledger.list(sessionId)).map((step) => step.toolUseId)).toEqual(['toolu_rm']);
  });

  it("a new session's first attempt reads no transcript before its CLI starts", async () => {
    const sessionStore = new InMemorySessionStore();
    let loads = 0;
    const load = sessionStore.load.bind(sessionStore);
    sessionStore.load = (key) => {
      loads += 1;
      return load(key);
    };
    const job = { ...retried('Say hi'), retryCount: 0 };
    const { queue, completed } = recordingQueue();
    const transport = () => {
      const cli = new FakeCliTransport({ autoInitialize: true });
      void cli
        .nextSent((m) => m.type === 'user', 10_000)
        .then(() => {
          cli.emit({
            type: 'result',
            subtype: 'success',
            result: 'hi',
            is_error: false,
            session_id: job.data.sessionId,
          });
          cli.finish();
        });
      return cli;
    };
    const signal = new AbortController().signal;
    await runAgentJob(job, { queue, steps: policy(), sessionStore, options: { transport }, signal, closing: signal });
    expect(completed[0]?.text).toBe('hi');
    expect(loads).toBe(0);
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
