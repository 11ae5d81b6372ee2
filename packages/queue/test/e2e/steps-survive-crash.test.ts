/**
 * Durable steps with the real CLI, the scripted model and real PostgreSQL: a worker process is
 * SIGKILLed (by pid) while a tool call of its run is in flight; the job's retry runs on another worker
 * process. Each `ops` tool reports its starts (JSON lines), counted across the workers.
 *
 * 1. An idempotent call in flight (`lookup`) after a completed one (`charge`): the retry resumes the
 *    session without the prompt, `charge` is not run again, `lookup` is, and the final text equals an
 *    uninterrupted run's (the model's answer is computed from the tool results it received).
 * 2. A call in flight that is not idempotent (`charge`): the retry ends the job `interrupted` before any
 *    CLI (no model request), with a pending approval; of two people resolving it at once one wins, and
 *    the skip resumes the run without running the call again.
 * 3. The same call behind an approval gate, approved, then killed while it runs: the interrupted call
 *    gets an approval of its own (the gate's is `running`), and resolving it ends the gate's record.
 * 4. A call the CLI runs itself (Bash) killed mid-call: found in flight in the stored transcript, the
 *    retry ends `interrupted`; a skip is enforced by a hook when the model asks for the call again.
 * 5. Case 1 with the steps and approvals in Redis (the queue and the transcripts stay in PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApprovalDecisionError, ApprovalLedger, StepLedger } from '@hexagent/core';
import { PostgresApprovalStore, PostgresStepStore } from '@hexagent/session-store-postgres';
import { RedisStepStore } from '@hexagent/session-store-redis';
import {
  type AppProcess,
  type CliHarness,
  hermeticCliEnv,
  killRecords,
  type ModelTurn,
  processesWithEnv,
  type RecordedRequest,
  startAppProcess,
  startCliHarness,
  text,
  toolUse,
  waitUntil,
} from '@hexagent/testing';
import { findRedisServer, type RunningServer, startRedisServer } from '@hexagent/testing/servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AgentJobQueue,
  decideAndResume,
  enqueueAgentRun,
  pgBossQueue,
  resolveInterruptedStep,
} from '../../src/index.js';

const connectionString = inject('postgresUrl');
const WORKER = fileURLToPath(new URL('./fixtures/steps-worker-process.mjs', import.meta.url));
const MARKER = `HEXAGENT_TEST_APP=${process.pid}-${randomBytes(4).toString('hex')}`;
const INTERRUPTED = /\[Tool call interrupted/;
/** The Bash command of the CLI-run case: blocks until killed (the CLI refuses a plain long `sleep`), findable in /proc. */
const TOKEN = `clean-${randomBytes(4).toString('hex')}`;
const CLEAN = `tail -f /dev/null; echo ${TOKEN}`;

type Message = { role: string; content: unknown };
type Block = { type: string; id?: string; text?: string; name?: string; tool_use_id?: string; content?: unknown };
const blocks = (m: Message): Block[] =>
  typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Block[]);

/** A tool result's text without the CLI's reminders. */
function resultText(content: unknown): string {
  const parts = typeof content === 'string' ? [content] : (content as Block[]).map((b) => b.text ?? '');
  return parts
    .join('')
    .replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '')
    .trim();
}

/** Tool results by tool name, in order, and the text of the user's messages. */
function conversation(request: RecordedRequest) {
  const messages = (request.body.messages ?? []) as Message[];
  const names = new Map<string, string>();
  const results: Array<{ tool: string; text: string }> = [];
  for (const block of messages.flatMap(blocks)) {
    if (block.type === 'tool_use') names.set(block.id ?? '', block.name ?? '');
    if (block.type === 'tool_result') {
      results.push({ tool: names.get(block.tool_use_id ?? '') ?? '', text: resultText(block.content) });
    }
  }
  const said = messages
    .filter((m) => m.role === 'user')
    .flatMap(blocks)
    .flatMap((b) => (b.type === 'text' ? [b.text ?? ''] : []));
  return { results, said };
}

/** The model: each answer follows from what the conversation holds, so an interrupted run can end as an uninterrupted one. */
function model(request: RecordedRequest): ModelTurn {
  const { results, said } = conversation(request);
  const done = (tool: string) => results.filter((r) => r.tool === `mcp__ops__${tool}` && !INTERRUPTED.test(r.text));
  const calls = (tool: string) => results.filter((r) => r.tool === `mcp__ops__${tool}`).length;
  const call = (tool: string, what: string) => ({
    content: [toolUse(`mcp__ops__${tool}`, { what }, `toolu_${tool}_${calls(tool) + 1}`)],
  });
  if (said.some((s) => s.includes('Book the trip'))) {
    const [charged] = done('charge');
    if (charged === undefined) return call('charge', '100 EUR');
    const [looked] = done('lookup');
    if (looked === undefined) return call('lookup', 'Oslo');
    return { content: [text(`booked: ${charged.text.trim()}; ${looked.text.trim()}`)] };
  }
  if (said.some((s) => s.includes('Clean the build'))) {
    const bash = results.filter((r) => r.tool === 'Bash');
    if (bash.length === 0) return { content: [toolUse('Bash', { command: CLEAN }, 'toolu_bash_1')] };
    // Told the call was skipped, a stubborn model asks for it again: the worker's hook must refuse it.
    if (said.some((s) => s.includes('chose not to run it again'))) {
      if (bash.length === 1) return { content: [toolUse('Bash', { command: CLEAN }, 'toolu_bash_2')] };
      return { content: [text(`left as is: ${bash.at(-1)?.text}`)] };
    }
    return { content: [text('waiting')] };
  }
  if (said.some((s) => s.includes('chose not to run it again'))) return { content: [text('the bill stays unpaid')] };
  const [paid] = done('charge');
  if (paid === undefined)
    return said.some((s) => s.includes('allows it to run again')) || calls('charge') === 0
      ? call('charge', '250 EUR')
      : { content: [text('waiting')] };
  return { content: [text(`paid: ${paid.text.trim()}`)] };
}

let harness: CliHarness;
let cwd: string;
let queue: AgentJobQueue;
let db: pg.Client;
let name: string;
const workers: AppProcess[] = [];
const homes: Array<() => Promise<void>> = [];
beforeAll(async () => {
  harness = await startCliHarness(model);
  cwd = mkdtempSync(join(tmpdir(), 'hexagent-steps-'));
  name = `steps-${Date.now()}`;
  queue = pgBossQueue({ connectionString, name });
  db = new pg.Client({ connectionString });
  await db.connect();
  const store = new PostgresStepStore({ connectionString });
  await store.migrate();
  await store.close();
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  killRecords(processesWithEnv(MARKER));
  await queue?.close();
  await db?.end();
  await harness?.dispose();
  for (const cleanup of homes) await cleanup();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

/** A worker process with a CLI home of its own (as on another machine: only the store is shared). */
async function startWorker(hold?: 'charge' | 'lookup', gate?: 'charge', redisUrl?: string): Promise<AppProcess> {
  const [marker, value] = MARKER.split('=') as [string, string];
  const home = await hermeticCliEnv({ baseUrl: harness.server.url });
  homes.push(home.cleanup);
  const worker = startAppProcess(WORKER, {
    PATH: process.env['PATH'] ?? '',
    DATABASE_URL: connectionString,
    QUEUE_NAME: name,
    CLI_ENV: JSON.stringify({ ...home.env, [marker]: value }),
    WORKER_CWD: cwd,
    ...(hold === undefined ? {} : { HOLD_TOOL: hold }),
    ...(gate === undefined ? {} : { GATE_TOOL: gate }),
    ...(redisUrl === undefined ? {} : { REDIS_URL: redisUrl }),
  });
  workers.push(worker);
  return worker;
}

/** Starts of each tool, over every worker of the test. */
function starts(tool: string): number {
  return workers.flatMap((w) => w.reported()).filter((e) => e['event'] === 'tool-start' && e['tool'] === tool).length;
}

/**
 * SIGKILLs `worker` while `tool` runs, once the store holds the call's `tool_use` (the CLI writes its
 * transcript in batches: a step is resumable once mirrored; the lag is logged).
 */
async function killWhileRunning(worker: AppProcess, tool: string, sessionId: string): Promise<void> {
  const started = () =>
    worker.reported().find((e) => e['event'] === 'tool-start' && e['tool'] === tool)?.['toolUseId'] as
      | string
      | undefined;
  await waitUntil(`${tool} to start`, () => started() !== undefined, { timeoutMs: 60_000 });
  const since = Date.now();
  const toolUseId = started() as string;
  await waitUntil(
    `the store to hold ${toolUseId}`,
    async () => {
      const { rows } = await db.query(
        `SELECT 1 FROM hexagent.entries WHERE session_id = $1 AND COALESCE(entry::text, entry_text) LIKE $2 LIMIT 1`,
        [sessionId, `%${toolUseId}%`],
      );
      return rows.length > 0;
    },
    { timeoutMs: 10_000, intervalMs: 20 },
  );
  console.log(`[steps] ${toolUseId} reached the store ${Date.now() - since} ms after its handler started`);
  worker.kill('SIGKILL');
  await worker.exited;
}

/** Processes whose command line holds `token` (the Bash tool's shell and what it runs). */
function processesWith(token: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(token);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A short expiry for the jobs whose worker the test kills (the retry waits for it), pg-boss's default
 * for the uninterrupted one: an attempt must end within its expiry, and a loaded machine is slow.
 */
const enqueue = (prompt: string, expireInSeconds?: number) =>
  enqueueAgentRun(queue, {
    prompt,
    options: { mcpServers: ['ops'], allowedTools: ['mcp__ops__charge', 'mcp__ops__lookup', 'Bash'] },
    retryLimit: 2,
    ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
  });

describe('steps survive a worker SIGKILL', () => {
  let survivor: AppProcess;

  it('completed calls are not run again, the idempotent call in flight is, and the result is an uninterrupted run’s', {
    timeout: 120_000,
  }, async () => {
    const victim = await startWorker('lookup');
    // The expiry bounds the retried attempt too: 8 s failed it at CI load (a CLI start and three turns).
    const run = await enqueue('Book the trip', 30);
    await killWhileRunning(victim, 'lookup', run.sessionId);
    expect({ charge: starts('charge'), lookup: starts('lookup') }).toEqual({ charge: 1, lookup: 1 });
    survivor = await startWorker();
    const output = await run.result();
    expect({ charge: starts('charge'), lookup: starts('lookup') }).toEqual({ charge: 1, lookup: 2 });
    // What the model received on the retry: the prompt once, the CLI's interrupted result, `Continue.`.
    const last = harness.server.messageRequests.at(-1) as RecordedRequest;
    const { said, results } = conversation(last);
    expect(said.filter((s) => s.includes('Book the trip'))).toHaveLength(1);
    expect(said.some((s) => s.includes('Continue.'))).toBe(true);
    expect(results.map((r) => [r.tool, INTERRUPTED.test(r.text)])).toEqual([
      ['mcp__ops__charge', false],
      ['mcp__ops__lookup', true],
      ['mcp__ops__lookup', false],
    ]);
    const uninterrupted = await (await enqueue('Book the trip')).result();
    expect(output.text).toBe('booked: charged 100 EUR; Oslo: sunny');
    expect(output.text).toBe(uninterrupted.text);
    expect({ charge: starts('charge'), lookup: starts('lookup') }).toEqual({ charge: 2, lookup: 3 });
  });

  it('a non-idempotent call in flight ends the run interrupted, without a CLI; one person resolves it', {
    timeout: 120_000,
  }, async () => {
    // The survivor of the first test would take the job: stopped, and started again after the kill.
    survivor?.kill('SIGTERM');
    await survivor?.exited;
    const victim = await startWorker('charge');
    const before = starts('charge');
    const run = await enqueue('Pay the bill', 8);
    await killWhileRunning(victim, 'charge', run.sessionId);
    const requests = harness.server.messageRequests.length;
    survivor = await startWorker();
    const output = await run.result();
    expect(harness.server.messageRequests.length).toBe(requests);
    expect(output.interrupted).toMatchObject({
      toolName: 'mcp__ops__charge',
      input: { what: '250 EUR' },
      approval: { status: 'pending', requestedBy: 'hexagent:interrupted-step' },
    });
    const id = output.interrupted?.approval.id as string;
    const approvalStore = new PostgresApprovalStore({ connectionString });
    const stepStore = new PostgresStepStore({ connectionString });
    const approvals = new ApprovalLedger({ store: approvalStore });
    const steps = new StepLedger({ store: stepStore });
    try {
      expect((await approvals.list({ status: 'pending' })).map((a) => a.id)).toContain(id);
      const decided = await Promise.allSettled([
        resolveInterruptedStep(queue, { ledger: steps, approvals }, id, {
          kind: 'skip',
          by: 'alice',
          reason: 'paid by hand',
        }),
        resolveInterruptedStep(queue, { ledger: steps, approvals }, id, { kind: 'retry', by: 'bob' }),
      ]);
      const won = decided.flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []));
      const lost = decided.flatMap((d) => (d.status === 'rejected' ? [d.reason] : []));
      expect(won).toHaveLength(1);
      expect(ApprovalDecisionError.isInstance(lost[0])).toBe(true);
      const [winner] = won;
      const resumed = await winner?.run?.result();
      if (winner?.step.resolution?.kind === 'skip') {
        expect(resumed?.text).toBe('the bill stays unpaid');
        expect(starts('charge') - before).toBe(1);
      } else {
        expect(resumed?.text).toBe('paid: charged 250 EUR');
        expect(starts('charge') - before).toBe(2);
      }
      console.log(`[steps] resolved by ${winner?.step.resolution?.by} (${winner?.step.resolution?.kind})`);
    } finally {
      await Promise.all([approvalStore.close(), stepStore.close()]);
    }
    expect(survivor.reported().length).toBeGreaterThan(0);
  });

  it('a gated call, approved and killed while it runs: its interruption is decided apart, and ends the gate', {
    timeout: 120_000,
  }, async () => {
    survivor?.kill('SIGTERM');
    await survivor?.exited;
    const victim = await startWorker('charge', 'charge');
    const before = starts('charge');
    const approvalStore = new PostgresApprovalStore({ connectionString });
    const stepStore = new PostgresStepStore({ connectionString });
    const approvals = new ApprovalLedger({ store: approvalStore });
    const steps = new StepLedger({ store: stepStore });
    try {
      const run = await enqueue('Pay the bill', 30);
      const parked = await run.result();
      const gate = parked.awaitingApproval;
      expect(gate).toMatchObject({ status: 'pending', toolName: 'mcp__ops__charge' });
      expect(starts('charge')).toBe(before);
      // The resumed attempt runs the approved call (held) and is killed; its expiry bounds a CLI start.
      const { run: resumed } = await decideAndResume(
        queue,
        approvals,
        gate?.id ?? '',
        { kind: 'approve', by: 'alice' },
        {
          expireInSeconds: 20,
          retryLimit: 2,
        },
      );
      await killWhileRunning(victim, 'charge', run.sessionId);
      expect(await approvals.get(gate?.id ?? '')).toMatchObject({ status: 'running' });
      survivor = await startWorker();
      const output = await resumed.result();
      expect(output.interrupted?.approval).toMatchObject({
        status: 'pending',
        subject: 'interrupted',
        toolName: 'mcp__ops__charge',
        requestedBy: 'hexagent:interrupted-step',
      });
      expect(output.interrupted?.approval.id).not.toBe(gate?.id);
      const { run: continued } = await resolveInterruptedStep(
        queue,
        { ledger: steps, approvals },
        output.interrupted?.approval.id ?? '',
        { kind: 'skip', by: 'bob', reason: 'paid by hand' },
      );
      expect((await continued?.result())?.text).toBe('the bill stays unpaid');
      expect(starts('charge') - before).toBe(1);
      expect(await approvals.get(gate?.id ?? '')).toMatchObject({
        status: 'ran',
        execution: { error: 'interrupted by a crash; skip by bob' },
      });
    } finally {
      await Promise.all([approvalStore.close(), stepStore.close()]);
    }
  });

  it('a call the CLI runs itself (Bash), killed mid-call: the retry ends interrupted from the transcript; a skip is enforced', {
    timeout: 120_000,
  }, async () => {
    survivor?.kill('SIGTERM');
    await survivor?.exited;
    const victim = await startWorker();
    const run = await enqueue('Clean the build', 30);
    await waitUntil('the Bash call to run', () => processesWith(TOKEN).length > 0, { timeoutMs: 60_000 });
    await waitUntil(
      'the store to hold toolu_bash_1',
      async () => {
        const { rows } = await db.query(
          `SELECT 1 FROM hexagent.entries WHERE session_id = $1 AND COALESCE(entry::text, entry_text) LIKE '%toolu_bash_1%' LIMIT 1`,
          [run.sessionId],
        );
        return rows.length > 0;
      },
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    const requests = harness.server.messageRequests.length;
    victim.kill('SIGKILL');
    await victim.exited;
    // The worker's guardian takes the CLI, and with it the shell of its Bash call.
    await waitUntil('the Bash call to be gone', () => processesWith(TOKEN).length === 0, { timeoutMs: 10_000 });
    survivor = await startWorker();
    const output = await run.result();
    expect(harness.server.messageRequests.length).toBe(requests);
    expect(output.interrupted).toMatchObject({
      toolUseId: 'toolu_bash_1',
      toolName: 'Bash',
      input: { command: CLEAN },
      approval: { status: 'pending', subject: 'interrupted' },
    });
    const approvalStore = new PostgresApprovalStore({ connectionString });
    const stepStore = new PostgresStepStore({ connectionString });
    try {
      const { run: continued } = await resolveInterruptedStep(
        queue,
        { ledger: new StepLedger({ store: stepStore }), approvals: new ApprovalLedger({ store: approvalStore }) },
        output.interrupted?.approval.id ?? '',
        { kind: 'skip', by: 'carol', reason: 'cleaned by hand' },
      );
      const text = (await continued?.result())?.text ?? '';
      // The stubborn second call was refused by the hook, with the person's reason; nothing ran.
      expect(text).toContain('left as is:');
      expect(text).toContain('a person chose not to run this call again after it was interrupted (cleaned by hand)');
      expect(processesWith(TOKEN)).toEqual([]);
    } finally {
      await Promise.all([approvalStore.close(), stepStore.close()]);
    }
  });

  it.runIf(findRedisServer() !== undefined)(
    'on Redis stores too: the completed call is not run again, the idempotent one in flight is',
    { timeout: 120_000 },
    async () => {
      survivor?.kill('SIGTERM');
      await survivor?.exited;
      const redis: RunningServer = await startRedisServer();
      try {
        const before = { charge: starts('charge'), lookup: starts('lookup') };
        const since = () => ({ charge: starts('charge') - before.charge, lookup: starts('lookup') - before.lookup });
        const victim = await startWorker('lookup', undefined, redis.url);
        const run = await enqueue('Book the trip', 30);
        await killWhileRunning(victim, 'lookup', run.sessionId);
        expect(since()).toEqual({ charge: 1, lookup: 1 });
        survivor = await startWorker(undefined, undefined, redis.url);
        const output = await run.result();
        expect(output.text).toBe('booked: charged 100 EUR; Oslo: sunny');
        expect(since()).toEqual({ charge: 1, lookup: 2 });
        // The records are in Redis: the charge completed once, under the id the model gave it.
        const steps = new RedisStepStore({ url: redis.url });
        try {
          expect(await steps.get(run.sessionId, 'toolu_charge_1')).toMatchObject({
            record: { status: 'completed', toolName: 'mcp__ops__charge', starts: 1 },
          });
        } finally {
          await steps.close();
        }
      } finally {
        survivor?.kill('SIGTERM');
        await survivor?.exited;
        await redis.stop();
      }
    },
  );
});
