/**
 * Runs under control on the real CLI, the scripted model and PostgreSQL (queue, sessions), with the
 * control records and the spend ledger in PostgreSQL, then again in Redis; one worker per store: a stop asked by another OS process interrupts a
 * running run within a few seconds and the record says who; a paused run holds no CLI and a resume
 * completes it; a tenant over its daily cap is refused before any spawn; a run crossing its own cap
 * is ended within one turn; the ledger reads back the same from a new store instance.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RunControlLedger, type RunControlRecord, type RunControlStore } from '@hexagent/core';
import type { Options } from '@hexagent/sdk';
import { PostgresRunControlStore, PostgresSessionStore } from '@hexagent/session-store-postgres';
import { RedisRunControlStore } from '@hexagent/session-store-redis';
import {
  byPrompt,
  type CliHarness,
  processesWithEnv,
  startCliHarness,
  text,
  toolUse,
  waitUntil,
  watchingCliSpawner,
} from '@hexagent/testing';
import { findRedisServer, type RunningServer, startRedisServer } from '@hexagent/testing/servers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AgentJobQueue,
  type AgentWorker,
  createAgentWorker,
  enqueueAgentRun,
  pgBossQueue,
  resumeRun,
} from '../../src/index.js';

const connectionString = inject('postgresUrl');
const CONTROLLER = fileURLToPath(new URL('./fixtures/control-run-process.mjs', import.meta.url));
const cwd = mkdtempSync(join(tmpdir(), 'hexagent-run-control-'));
const HOLD_MS = 60_000;
let harness: CliHarness;
let sessions: PostgresSessionStore;
let redis: RunningServer | undefined;
const spawns: string[][] = [];

/** Where the control records and the spend ledger live: a kind the controller process knows, and its URL. */
interface ControlBackend {
  kind: 'postgres' | 'redis';
  url: () => string;
  open: () => RunControlStore & { close(): Promise<void> };
}
const BACKENDS: ControlBackend[] = [
  { kind: 'postgres', url: () => connectionString, open: () => new PostgresRunControlStore({ connectionString }) },
  {
    kind: 'redis',
    url: () => (redis as RunningServer).url,
    open: () => new RedisRunControlStore({ url: (redis as RunningServer).url }),
  },
];

/** A turn costing far more than the caps below (the CLI prices these tokens at dollars). */
const EXPENSIVE = { input_tokens: 2_000_000, output_tokens: 10 };

beforeAll(async () => {
  harness = await startCliHarness(
    byPrompt({
      'Stop me': { content: [text('never seen')], delayMs: HOLD_MS },
      // Held: the pause lands while the model thinks; the resumed session is answered on "Continue.".
      'Pause me': { content: [text('never seen')], delayMs: HOLD_MS },
      Continue: { content: [text('paused run done')] },
      'Spend a lot': { content: [toolUse('Bash', { command: 'true' }, 'toolu_spend')], usage: EXPENSIVE },
      'tool_result:spend': { content: [toolUse('Bash', { command: 'true' }, 'toolu_spend2')], usage: EXPENSIVE },
    }),
  );
  sessions = new PostgresSessionStore({ connectionString });
  const migrations = new PostgresRunControlStore({ connectionString });
  await migrations.migrate();
  await migrations.close();
  if (findRedisServer() !== undefined) redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.allSettled([harness?.dispose(), sessions?.close(), redis?.stop()]);
  rmSync(cwd, { recursive: true, force: true });
});

/** A queue, a worker under control and the ledger over `backend`, for one describe block. */
function underControl(backend: ControlBackend) {
  const setup = {} as {
    store: RunControlStore & { close(): Promise<void> };
    ledger: RunControlLedger;
    queue: AgentJobQueue;
    worker: AgentWorker;
  };
  beforeAll(() => {
    setup.store = backend.open();
    setup.ledger = new RunControlLedger({ store: setup.store });
    setup.queue = pgBossQueue({ connectionString, name: `run-control-${backend.kind}-${Date.now()}` });
    const spawner = watchingCliSpawner(() => {});
    const spawnClaudeCodeProcess: Options['spawnClaudeCodeProcess'] = (options) => {
      spawns.push(options.args);
      return spawner(options);
    };
    setup.worker = createAgentWorker({
      queue: setup.queue,
      sessionStore: sessions,
      pollIntervalMs: 100,
      control: {
        ledger: setup.ledger,
        pollMs: 250,
        tenantDailyCapUsd: (tenant) => (tenant === 'broke' ? 1 : undefined),
      },
      options: { env: harness.env, cwd, settingSources: [], allowedTools: ['Bash'], spawnClaudeCodeProcess },
    });
  });
  afterAll(async () => {
    await setup.worker?.close({ deadlineMs: 5000 });
    await Promise.allSettled([setup.queue?.close(), setup.store?.close()]);
  });
  return setup;
}

/** The pids of the CLIs of this file's harness (their environment names its config dir). */
function clis(): number[] {
  return processesWithEnv(`CLAUDE_CONFIG_DIR=${harness.configDir}`).map((record) => record.pid);
}

/** Main requests whose last user message says `words` (the CLI adds system-role messages after it). */
function asked(words: string): number {
  return harness.server.messageRequests.filter((r) => {
    const last = [...(r.body.messages ?? [])].reverse().find((message) => message.role === 'user');
    return JSON.stringify(last?.content ?? '').includes(words);
  }).length;
}

/** Stops or pauses a run from another OS process, over `backend`; answers the record it wrote. */
async function controlBy(
  backend: ControlBackend,
  runId: string,
  kind: 'stop' | 'pause',
  by: string,
  reason: string,
): Promise<RunControlRecord> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    CONTROLLER,
    backend.kind,
    backend.url(),
    runId,
    kind,
    by,
    reason,
  ]);
  return JSON.parse(stdout) as RunControlRecord;
}

describe.each(BACKENDS.filter((b) => b.kind === 'postgres' || findRedisServer() !== undefined))(
  'runs under control (real CLI, records in $kind)',
  (backend) => {
    const setup = underControl(backend);
    // The scripted model and its request log serve both blocks: each block's prompts carry its store.
    const tag = ` (${backend.kind})`;
    const control = (...args: [string, 'stop' | 'pause', string, string]) => controlBy(backend, ...args);
    it('stops a running run from another process within a few seconds, recording who', {
      timeout: 60_000,
    }, async () => {
      const run = await enqueueAgentRun(setup.queue, { prompt: `Stop me${tag}`, tenant: 'acme' });
      await waitUntil('the model to be asked', () => asked(`Stop me${tag}`) === 1);
      expect(clis()).toHaveLength(1);
      const asking = await control(run.id, 'stop', 'ops-cli', 'wrong repository');
      expect(asking).toMatchObject({
        runId: run.id,
        status: 'stopping',
        stop: { by: 'ops-cli', reason: 'wrong repository' },
      });
      const output = await run.result({ pollMs: 50, signal: AbortSignal.timeout(10_000) });
      await waitUntil('the CLI to exit', () => clis().length === 0, { timeoutMs: 10_000 });
      const elapsedMs = Date.now() - (asking.stop?.at ?? 0);
      expect(elapsedMs).toBeLessThan(5_000);
      expect(output.stopped).toMatchObject({
        reason: 'stopped',
        started: true,
        control: { status: 'stopped', jobId: run.id, stop: { by: 'ops-cli', reason: 'wrong repository' } },
      });
      const stored = await setup.ledger.get(run.id);
      expect(output.stopped).toMatchObject({ control: stored });
      expect(asked(`Stop me${tag}`)).toBe(1);
    });

    it('pauses a run (no CLI is left) and resumes it to completion', { timeout: 60_000 }, async () => {
      const run = await enqueueAgentRun(setup.queue, { prompt: `Pause me${tag}`, tenant: 'acme' });
      await waitUntil('the model to be asked', () => asked(`Pause me${tag}`) === 1);
      await control(run.id, 'pause', 'alice', 'lunch');
      const parked = await run.result({ pollMs: 50, signal: AbortSignal.timeout(10_000) });
      expect(parked.stopped).toMatchObject({
        reason: 'paused',
        started: true,
        control: { status: 'paused', jobId: run.id, pause: { by: 'alice', reason: 'lunch' } },
      });
      await waitUntil('the CLI to exit', () => clis().length === 0, { timeoutMs: 10_000 });
      await expect(resumeRun(setup.queue, setup.ledger, 'no-such-run', { by: 'alice' })).rejects.toMatchObject({
        reason: 'not-paused',
      });
      const continues = asked('Continue.');
      const { record, run: continued } = await resumeRun(setup.queue, setup.ledger, run.id, { by: 'alice' });
      expect(record).toMatchObject({ status: 'resumed', resume: { by: 'alice' } });
      const output = await continued?.result({ pollMs: 50, signal: AbortSignal.timeout(20_000) });
      expect(output).toMatchObject({ text: 'paused run done', sessionId: run.sessionId });
      expect(output?.stopped).toBeUndefined();
      // The continuation resumed the session the paused CLI mirrored, with the continue prompt.
      expect([asked(`Pause me${tag}`), asked('Continue.') - continues]).toEqual([1, 1]);
      expect(clis()).toEqual([]);
    });

    it('refuses a tenant over its daily cap before any CLI starts', { timeout: 30_000 }, async () => {
      await setup.ledger.recordSpend({ runId: 'earlier-run', entryId: 'seed', tenant: 'broke', costUsd: 1.5 });
      const before = spawns.length;
      const run = await enqueueAgentRun(setup.queue, { prompt: `Broke tenant asks${tag}`, tenant: 'broke' });
      const output = await run.result({ pollMs: 50 });
      expect(output.stopped).toEqual({ reason: 'over-cap', cap: 'tenant', capUsd: 1, spentUsd: 1.5, started: false });
      expect(spawns.length).toBe(before);
      expect(asked(`Broke tenant asks${tag}`)).toBe(0);
    });

    it('ends a run within one turn of crossing its cap; the ledger survives a new store', {
      timeout: 60_000,
    }, async () => {
      const run = await enqueueAgentRun(setup.queue, { prompt: `Spend a lot${tag}`, tenant: 'acme', spendCapUsd: 0.5 });
      const output = await run.result({ pollMs: 50 });
      // The first turn crossed the cap: the model was asked once for this run, never for a second turn.
      expect(asked(`Spend a lot${tag}`)).toBe(1);
      expect(harness.server.messageRequests.filter((r) => JSON.stringify(r.body).includes('toolu_spend'))).toEqual([]);
      expect(output.stopped).toMatchObject({ reason: 'over-cap', cap: 'run', capUsd: 0.5, started: true });
      expect(spawns.at(-1)).toContain('--max-budget-usd=0.5');
      const spent = await setup.store.runSpend(run.id);
      expect(spent).toBeGreaterThan(0.5);
      expect(output.costUsd).toBe(spent);
      const restarted = backend.open();
      try {
        expect(await restarted.runSpend(run.id)).toBe(spent);
        const again = new RunControlLedger({ store: restarted });
        expect(await again.checkSpend({ runId: run.id, runCapUsd: 0.5 })).toMatchObject({ kind: 'over', cap: 'run' });
      } finally {
        await restarted.close();
      }
    });
  },
);
