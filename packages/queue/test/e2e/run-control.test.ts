/**
 * Runs under control on the real CLI, the scripted model and PostgreSQL (queue, sessions, control
 * records, spend ledger), one worker for the file: a stop asked by another OS process interrupts a
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
import { RunControlLedger, type RunControlRecord } from '@hexagent/core';
import type { Options } from '@hexagent/sdk';
import { PostgresRunControlStore, PostgresSessionStore } from '@hexagent/session-store-postgres';
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
let store: PostgresRunControlStore;
let ledger: RunControlLedger;
let queue: AgentJobQueue;
let worker: AgentWorker;
const spawns: string[][] = [];

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
  store = new PostgresRunControlStore({ connectionString });
  await store.migrate();
  ledger = new RunControlLedger({ store });
  queue = pgBossQueue({ connectionString, name: `run-control-${Date.now()}` });
  const spawner = watchingCliSpawner(() => {});
  const spawnClaudeCodeProcess: Options['spawnClaudeCodeProcess'] = (options) => {
    spawns.push(options.args);
    return spawner(options);
  };
  worker = createAgentWorker({
    queue,
    sessionStore: sessions,
    pollIntervalMs: 100,
    control: { ledger, pollMs: 250, tenantDailyCapUsd: (tenant) => (tenant === 'broke' ? 1 : undefined) },
    options: { env: harness.env, cwd, settingSources: [], allowedTools: ['Bash'], spawnClaudeCodeProcess },
  });
});
afterAll(async () => {
  await worker?.close({ deadlineMs: 5000 });
  await Promise.allSettled([queue?.close(), harness?.dispose(), sessions?.close(), store?.close()]);
  rmSync(cwd, { recursive: true, force: true });
});

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

/** Stops or pauses a run from another OS process; answers the record it wrote. */
async function control(runId: string, kind: 'stop' | 'pause', by: string, reason: string): Promise<RunControlRecord> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    CONTROLLER,
    connectionString,
    runId,
    kind,
    by,
    reason,
  ]);
  return JSON.parse(stdout) as RunControlRecord;
}

describe('runs under control (real CLI, PostgreSQL)', () => {
  it('stops a running run from another process within a few seconds, recording who', { timeout: 60_000 }, async () => {
    const run = await enqueueAgentRun(queue, { prompt: 'Stop me', tenant: 'acme' });
    await waitUntil('the model to be asked', () => asked('Stop me') === 1);
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
    const stored = await ledger.get(run.id);
    expect(output.stopped).toMatchObject({ control: stored });
    expect(asked('Stop me')).toBe(1);
  });

  it('pauses a run (no CLI is left) and resumes it to completion', { timeout: 60_000 }, async () => {
    const run = await enqueueAgentRun(queue, { prompt: 'Pause me', tenant: 'acme' });
    await waitUntil('the model to be asked', () => asked('Pause me') === 1);
    await control(run.id, 'pause', 'alice', 'lunch');
    const parked = await run.result({ pollMs: 50, signal: AbortSignal.timeout(10_000) });
    expect(parked.stopped).toMatchObject({
      reason: 'paused',
      started: true,
      control: { status: 'paused', jobId: run.id, pause: { by: 'alice', reason: 'lunch' } },
    });
    await waitUntil('the CLI to exit', () => clis().length === 0, { timeoutMs: 10_000 });
    await expect(resumeRun(queue, ledger, 'no-such-run', { by: 'alice' })).rejects.toMatchObject({
      reason: 'not-paused',
    });
    const { record, run: continued } = await resumeRun(queue, ledger, run.id, { by: 'alice' });
    expect(record).toMatchObject({ status: 'resumed', resume: { by: 'alice' } });
    const output = await continued?.result({ pollMs: 50, signal: AbortSignal.timeout(20_000) });
    expect(output).toMatchObject({ text: 'paused run done', sessionId: run.sessionId });
    expect(output?.stopped).toBeUndefined();
    // The continuation resumed the session the paused CLI mirrored, with the continue prompt.
    expect([asked('Pause me'), asked('Continue.')]).toEqual([1, 1]);
    expect(clis()).toEqual([]);
  });

  it('refuses a tenant over its daily cap before any CLI starts', { timeout: 30_000 }, async () => {
    await ledger.recordSpend({ runId: 'earlier-run', entryId: 'seed', tenant: 'broke', costUsd: 1.5 });
    const before = spawns.length;
    const run = await enqueueAgentRun(queue, { prompt: 'Broke tenant asks', tenant: 'broke' });
    const output = await run.result({ pollMs: 50 });
    expect(output.stopped).toEqual({ reason: 'over-cap', cap: 'tenant', capUsd: 1, spentUsd: 1.5, started: false });
    expect(spawns.length).toBe(before);
    expect(asked('Broke tenant asks')).toBe(0);
  });

  it('ends a run within one turn of crossing its cap; the ledger survives a new store', {
    timeout: 60_000,
  }, async () => {
    const run = await enqueueAgentRun(queue, { prompt: 'Spend a lot', tenant: 'acme', spendCapUsd: 0.5 });
    const output = await run.result({ pollMs: 50 });
    // The first turn crossed the cap: the model was asked once for this run, never for a second turn.
    expect(asked('Spend a lot')).toBe(1);
    expect(harness.server.messageRequests.filter((r) => JSON.stringify(r.body).includes('toolu_spend'))).toEqual([]);
    expect(output.stopped).toMatchObject({ reason: 'over-cap', cap: 'run', capUsd: 0.5, started: true });
    expect(spawns.at(-1)).toContain('--max-budget-usd=0.5');
    const spent = await store.runSpend(run.id);
    expect(spent).toBeGreaterThan(0.5);
    expect(output.costUsd).toBe(spent);
    const restarted = new PostgresRunControlStore({ connectionString });
    try {
      expect(await restarted.runSpend(run.id)).toBe(spent);
      const again = new RunControlLedger({ store: restarted });
      expect(await again.checkSpend({ runId: run.id, runCapUsd: 0.5 })).toMatchObject({ kind: 'over', cap: 'run' });
    } finally {
      await restarted.close();
    }
  });
});
