/**
 * Approvals on queued runs, on the real CLI with the scripted model and PostgreSQL (queue, sessions,
 * approvals): a job parks (it completes with its pending approval, and no CLI is left); two OS
 * processes decide at the same instant with decideAndResume: one wins, one resume job is queued, and
 * the worker runs the call once (or never, when the denial won).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ApprovalLedger } from '@hexagent/core';
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { PostgresApprovalStore, PostgresSessionStore } from '@hexagent/session-store-postgres';
import { type CliHarness, processesWithEnv, resultText, startCliHarness, text, toolUse } from '@hexagent/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { agentRun, createAgentWorker, enqueueAgentRun, pgBossQueue } from '../../src/index.js';

const connectionString = inject('postgresUrl');
const DECIDER = fileURLToPath(new URL('./fixtures/decide-and-resume-process.mjs', import.meta.url));
const cwd = mkdtempSync(join(tmpdir(), 'hexagent-approvals-queue-'));
let harness: CliHarness;
let sessions: PostgresSessionStore;
let approvals: PostgresApprovalStore;
const deployed: Array<Record<string, unknown>> = [];

const ops = createSdkMcpServer({
  name: 'ops',
  tools: [
    tool('deploy', 'Deploy a service', { env: z.string() }, async (args) => {
      deployed.push(args);
      return { content: [{ type: 'text', text: `deployed to ${args.env}` }] };
    }),
  ],
});

beforeAll(async () => {
  harness = await startCliHarness((_request, index) =>
    index === 0
      ? { content: [toolUse('mcp__ops__deploy', { env: 'prod' }, 'toolu_q')] }
      : { content: [text(`done ${index}`)] },
  );
  sessions = new PostgresSessionStore({ connectionString });
  approvals = new PostgresApprovalStore({ connectionString });
  await approvals.migrate();
});
afterAll(async () => {
  await Promise.allSettled([harness?.dispose(), sessions?.close(), approvals?.close()]);
  rmSync(cwd, { recursive: true, force: true });
});

async function decider(args: string[]) {
  const child = spawn(process.execPath, [DECIDER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const answer = new Promise<{ answer: string; jobId?: string }>((resolve, reject) => {
    let ready = false;
    lines.on('line', (line) => {
      if (!ready) ready = true;
      else resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`decider exited (${code}) without an answer`)));
  });
  answer.catch(() => {});
  await once(lines, 'line');
  return { go: (at: number) => child.stdin.end(`${at}\n`), answer, exited: once(child, 'exit') };
}

function clis(): number[] {
  return processesWithEnv(`CLAUDE_CONFIG_DIR=${harness.configDir}`).map((record) => record.pid);
}

describe('approvals on queued runs (real CLI, PostgreSQL)', () => {
  it('parks a job, two deciders in two processes race, one resume runs the call once', {
    timeout: 180_000,
  }, async () => {
    const name = `approvals-${Date.now()}`;
    const queue = pgBossQueue({ connectionString, name });
    const ledger = new ApprovalLedger({ store: approvals });
    const worker = createAgentWorker({
      queue,
      sessionStore: sessions,
      servers: { ops },
      pollIntervalMs: 100,
      approvals: { ledger, rule: { tools: ['mcp__ops__*'] } },
      options: { env: harness.env, cwd, settingSources: [] },
    });
    try {
      const run = await enqueueAgentRun(queue, {
        prompt: 'Deploy it',
        options: { mcpServers: ['ops'] },
        tenant: 'acme',
      });
      const parked = await run.result({ pollMs: 100 });
      expect(parked.awaitingApproval).toMatchObject({
        status: 'pending',
        toolName: 'mcp__ops__deploy',
        input: { env: 'prod' },
        requestedBy: 'acme',
        sessionId: run.sessionId,
      });
      expect(deployed).toEqual([]);
      expect(clis()).toEqual([]);
      const id = parked.awaitingApproval?.id ?? '';
      const [alice, bob] = await Promise.all([
        decider([connectionString, name, id, 'approve', 'alice']),
        decider([connectionString, name, id, 'deny', 'bob']),
      ]);
      const at = Date.now() + 50;
      alice.go(at);
      bob.go(at);
      const answers = await Promise.all([alice.answer, bob.answer]);
      await Promise.all([alice.exited, bob.exited]);
      expect(answers.filter((a) => a.answer === 'ok')).toHaveLength(1);
      expect(answers.map((a) => a.answer)).toContain('conflict');
      const pool = new pg.Pool({ connectionString });
      const { rows } = await pool.query(`SELECT id FROM pgboss.job WHERE name = $1 AND data->'approval'->>'id' = $2`, [
        name,
        id,
      ]);
      await pool.end();
      const winner = answers.find((a) => a.answer === 'ok');
      expect(rows.map((r: { id: string }) => r.id)).toEqual([winner?.jobId]);
      const resumed = await agentRun(queue, winner?.jobId ?? '', run.sessionId).result({ pollMs: 100 });
      const approved = answers[0]?.answer === 'ok';
      expect(resumed).toMatchObject({ sessionId: run.sessionId, text: 'done 1' });
      expect(resumed.awaitingApproval).toBeUndefined();
      expect(deployed).toEqual(approved ? [{ env: 'prod' }] : []);
      const results = harness.server.toolResults().map((r) => resultText(r.content));
      expect(results).toEqual([approved ? 'deployed to prod' : expect.stringContaining('denied by bob')]);
      expect(await ledger.get(id)).toMatchObject({ status: approved ? 'ran' : 'denied' });
    } finally {
      await worker.close({ deadlineMs: 5000 });
      await queue.close();
    }
  });
});
