/**
 * Approvals as data on the real CLI with the scripted model, approvals and sessions in real
 * PostgreSQL (and one case on Redis): a run parks on a gated call and its CLI exits; a decision from
 * the ledger, then a resume, settles the call. Counts how often each handler ran. The scenarios run
 * two at a time, each with its own model server, home and session.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApprovalLedger, type ApprovalRecord, type ApprovalStore } from '@hexagent/core';
import { createSdkMcpServer, type Options, query, tool } from '@hexagent/sdk';
import { PostgresApprovalStore, PostgresSessionStore } from '@hexagent/session-store-postgres';
import { RedisApprovalStore } from '@hexagent/session-store-redis';
import { type CliHarness, processesWithEnv, resultText, startCliHarness, text, toolUse } from '@hexagent/testing';
import { findRedisServer, type RunningServer, startRedisServer } from '@hexagent/testing/servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { type ApprovalPolicy, approvalGate, resumeWithApprovals, runWithApprovals } from '../../src/index.js';

const connectionString = inject('postgresUrl');
const harnesses: CliHarness[] = [];
let sessionStore: PostgresSessionStore;
let postgresApprovals: PostgresApprovalStore;
let redis: RunningServer | undefined;
let redisApprovals: RedisApprovalStore | undefined;

beforeAll(async () => {
  sessionStore = new PostgresSessionStore({ connectionString });
  postgresApprovals = new PostgresApprovalStore({ connectionString });
  await postgresApprovals.migrate();
  if (findRedisServer() !== undefined) {
    redis = await startRedisServer();
    redisApprovals = new RedisApprovalStore({ url: redis.url });
  }
});
afterAll(async () => {
  await Promise.allSettled(harnesses.map((h) => h.dispose()));
  await Promise.allSettled([sessionStore?.close(), postgresApprovals?.close(), redisApprovals?.close()]);
  await redis?.stop();
});

/** CLIs still running with this harness's home in their environment. */
function clisOf(harness: CliHarness): number[] {
  return processesWithEnv(`CLAUDE_CONFIG_DIR=${harness.configDir}`).map((record) => record.pid);
}

interface Scenario {
  harness: CliHarness;
  policy: ApprovalPolicy;
  options: Options;
  deployed: Array<Record<string, unknown>>;
  cwd: string;
}

/** A session whose model first calls `call`, then answers "done"; deploys are counted. */
async function scenario(
  call: { name: string; input: Record<string, unknown> },
  store: ApprovalStore = postgresApprovals,
  expiresInMs?: number,
): Promise<Scenario> {
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
  const harness = await startCliHarness((_request, index) =>
    index === 0 ? { content: [toolUse(call.name, call.input, 'toolu_gated')] } : { content: [text(`done ${index}`)] },
  );
  harnesses.push(harness);
  const cwd = mkdtempSync(join(tmpdir(), 'hexagent-approvals-'));
  const policy: ApprovalPolicy = {
    ledger: new ApprovalLedger({ store }),
    rule: { tools: ['mcp__ops__deploy', 'Bash'] },
    requestedBy: 'e2e',
    ...(expiresInMs === undefined ? {} : { expiresInMs }),
  };
  return { harness, policy, deployed, cwd, options: { env: harness.env, cwd, mcpServers: { ops }, sessionStore } };
}

/** Runs to the parked call: the run ended awaiting approval, with no CLI left. */
async function park(s: Scenario): Promise<ApprovalRecord> {
  const outcome = await runWithApprovals({ prompt: 'Deploy it', options: s.options, policy: s.policy });
  expect(outcome.kind).toBe('awaiting-approval');
  if (outcome.kind !== 'awaiting-approval') throw new Error('not parked');
  expect(outcome.result.terminal_reason).toBe('tool_deferred');
  expect(clisOf(s.harness)).toEqual([]);
  return outcome.approval;
}

const deployCall = { name: 'mcp__ops__deploy', input: { env: 'prod' } };
const toolResult = (s: Scenario) => resultText(s.harness.server.toolResults()[0]?.content);

describe('approvals on the real CLI (PostgreSQL)', () => {
  it('parks and resumes: approve → ran once; edited → ran once with the edit; Bash → ran once; deny, expiry, changed input and a CLI that skips the hook → never ran', {
    timeout: 240_000,
  }, async () => {
    const cases = {
      approve: async () => {
        const s = await scenario(deployCall);
        const pending = await park(s);
        expect(pending).toMatchObject({
          status: 'pending',
          toolName: 'mcp__ops__deploy',
          input: { env: 'prod' },
          requestedBy: 'e2e',
        });
        expect(s.deployed).toEqual([]);
        await s.policy.ledger.approve(pending.id, { by: 'alice', expectedDigest: pending.inputDigest });
        const outcome = await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
        expect(outcome).toMatchObject({ kind: 'completed', result: { result: 'done 1' } });
        expect(s.deployed).toEqual([{ env: 'prod' }]);
        expect(toolResult(s)).toBe('deployed to prod');
        expect(await s.policy.ledger.get(pending.id)).toMatchObject({ status: 'ran', decision: { by: 'alice' } });
        return s.deployed.length;
      },
      edited: async () => {
        const s = await scenario(deployCall);
        const pending = await park(s);
        await s.policy.ledger.approve(pending.id, { by: 'alice', input: { env: 'staging' } });
        await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
        expect(s.deployed).toEqual([{ env: 'staging' }]);
        expect(toolResult(s)).toBe('deployed to staging');
        return s.deployed.length;
      },
      bash: async () => {
        const s = await scenario({ name: 'Bash', input: { command: 'echo ran >> ran.txt', description: 'note it' } });
        const pending = await park(s);
        expect(existsSync(join(s.cwd, 'ran.txt'))).toBe(false);
        await s.policy.ledger.approve(pending.id, { by: 'alice' });
        const outcome = await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
        expect(outcome.kind).toBe('completed');
        expect(readFileSync(join(s.cwd, 'ran.txt'), 'utf8')).toBe('ran\n');
        expect(await s.policy.ledger.get(pending.id)).toMatchObject({ status: 'ran' });
        return 1;
      },
      deny: async () => {
        const s = await scenario(deployCall);
        const pending = await park(s);
        await s.policy.ledger.deny(pending.id, { by: 'bob', reason: 'change freeze until Monday' });
        const outcome = await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
        expect(outcome).toMatchObject({ kind: 'completed', result: { result: 'done 1' } });
        expect(toolResult(s)).toContain('change freeze until Monday');
        return s.deployed.length;
      },
      expiry: async () => {
        const s = await scenario(deployCall, postgresApprovals, 1000);
        const pending = await park(s);
        while ((await postgresApprovals.now()) < pending.expiresAt) await sleep(100);
        const late = await s.policy.ledger
          .approve(pending.id, { by: 'alice' })
          .catch((e: { reason?: string }) => e.reason);
        expect(late).toBe('expired');
        await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
        expect(toolResult(s)).toContain('expired');
        return s.deployed.length;
      },
      changedInput: async () => {
        const s = await scenario(deployCall);
        const pending = await park(s);
        await s.policy.ledger.approve(pending.id, { by: 'alice' });
        // The transcript the resume reads says another input than the one approved.
        const pool = new pg.Pool({ connectionString });
        const { rowCount } = await pool.query(
          `UPDATE hexagent.entries SET entry = replace(entry::text, '"env": "prod"', '"env": "everywhere"')::jsonb
           WHERE session_id = $1 AND entry::text LIKE '%toolu_gated%'`,
          [pending.sessionId],
        );
        await pool.end();
        expect(rowCount).toBeGreaterThan(0);
        await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
        expect(toolResult(s)).toContain('another input');
        expect(await s.policy.ledger.get(pending.id)).toMatchObject({
          status: 'invalidated',
          invalidation: { reason: 'input-changed' },
        });
        return s.deployed.length;
      },
      cliSkipsTheHook: async () => {
        const s = await scenario(deployCall);
        const pending = await park(s);
        await s.policy.ledger.deny(pending.id, { by: 'bob', reason: 'no' });
        // A resume that registers neither the hook nor canUseTool, the tool allowed: the CLI runs the
        // deferred call without asking anyone. The guarded handler is the last line.
        const gate = approvalGate({ policy: s.policy, sessionId: pending.sessionId, options: s.options });
        const { hooks: _h, canUseTool: _c, ...unasked } = gate.options;
        let end = () => {};
        const ended = new Promise<void>((resolve) => {
          end = resolve;
        });
        async function* input() {
          yield {
            type: 'user' as const,
            message: { role: 'user' as const, content: 'Continue.' },
            parent_tool_use_id: null,
            session_id: '',
          };
          await ended;
        }
        const run = query({
          prompt: input(),
          options: { ...unasked, resume: pending.sessionId, allowedTools: ['mcp__ops__deploy'] },
        });
        for await (const message of run) {
          if (message.type === 'result' && message.terminal_reason !== 'tool_deferred_unavailable') end();
        }
        expect(s.harness.server.toolResults().map((r) => resultText(r.content))).toEqual([
          'Not run: a person denied this call: no.',
        ]);
        return s.deployed.length;
      },
    };
    const names = (Object.keys(cases) as Array<keyof typeof cases>).filter((n) =>
      (process.env.ONLY ?? n).split(',').includes(n),
    );
    // Two at a time: each case is two CLI runs that mostly wait; more at once starves a loaded machine.
    const ran: Array<readonly [string, number]> = [];
    const queue = [...names];
    const lane = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) ran.push([name, await cases[name]()]);
    };
    await Promise.all([lane(), lane()]);
    expect(Object.fromEntries(ran)).toEqual({
      approve: 1,
      edited: 1,
      bash: 1,
      deny: 0,
      expiry: 0,
      changedInput: 0,
      cliSkipsTheHook: 0,
    });
  });
});

describe.skipIf(findRedisServer() === undefined)('approvals on the real CLI (Redis store)', () => {
  it('approve → ran once, decided from a ledger of its own', { timeout: 120_000 }, async () => {
    const s = await scenario(deployCall, redisApprovals as RedisApprovalStore);
    const pending = await park(s);
    const decider = new ApprovalLedger({ store: new RedisApprovalStore({ url: (redis as RunningServer).url }) });
    await decider.approve(pending.id, { by: 'carol' });
    await decider.store.now();
    await resumeWithApprovals({ approvalId: pending.id, options: s.options, policy: s.policy });
    expect(s.deployed).toEqual([{ env: 'prod' }]);
    expect(await s.policy.ledger.get(pending.id)).toMatchObject({ status: 'ran', decision: { by: 'carol' } });
  });
});
