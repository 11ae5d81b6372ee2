/**
 * createAgentWorker in-process on the real CLI with the scripted model: a poisoned job ends failed
 * with its error after its retries, follow-ups of one session never run at once (the advisory lock),
 * and close() past its deadline stops the CLIs and hands the job back for another worker.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAgentPool } from '@hexagent/agent-pool';
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { hermeticCliEnv, type RecordedRequest, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import {
  AgentJobFailedError,
  type AgentJobQueue,
  type AgentWorker,
  createAgentWorker,
  enqueueAgentRun,
  pgBossQueue,
} from '../../src/index.js';

const connectionString = inject('postgresUrl');
let server: ScriptedModelServer;
let env: Record<string, string | undefined>;
let configDir: string;
let cleanup: () => Promise<void>;
let store: PostgresSessionStore;
const cwd = mkdtempSync(join(tmpdir(), 'hexagent-worker-cwd-'));
let ids = 0;
let inFlight = 0;
let maxInFlight = 0;
let toolDelayMs = 200;

const calc = createSdkMcpServer({
  name: 'calc',
  tools: [
    tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // The time is the point: a tool held this long overlaps the turns the lock must keep apart.
      await sleep(toolDelayMs);
      inFlight -= 1;
      return { content: [{ type: 'text', text: String(a + b) }] };
    }),
  ],
});

function model(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  const last = JSON.stringify(messages[messages.length - 1] ?? {});
  if (last.includes('tool_result')) return { content: [text(`done after ${messages.length} messages`)] };
  ids += 1;
  return { content: [toolUse('mcp__calc__add', { a: ids, b: 1 }, `toolu_w_${ids}`)] };
}

function clisOf(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/environ`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function worker(queue: AgentJobQueue, concurrency = 2, pool?: ReturnType<typeof createAgentPool>): AgentWorker {
  return createAgentWorker({
    queue,
    ...(pool === undefined ? {} : { pool }),
    sessionStore: store,
    servers: { calc },
    concurrency,
    pollIntervalMs: 100,
    busySessionDelayMs: 200,
    options: { env, cwd, settingSources: [], model: 'claude-sonnet-4-5' },
  });
}

beforeAll(async () => {
  server = await ScriptedModelServer.start(model);
  const hermetic = await hermeticCliEnv({ baseUrl: server.url });
  ({ env, configDir } = hermetic);
  cleanup = hermetic.cleanup;
  store = new PostgresSessionStore({ connectionString });
  await store.migrate();
});
afterAll(async () => {
  await store.close();
  await server.close();
  await cleanup();
  rmSync(cwd, { recursive: true, force: true });
});

describe('createAgentWorker', () => {
  it('a poisoned job ends failed with its error once its retries are used', async () => {
    const queue = pgBossQueue({ connectionString, name: `poison-${Date.now()}` });
    const w = worker(queue);
    const run = await enqueueAgentRun(queue, { prompt: 'go', options: { mcpServers: ['missing'] }, retryLimit: 1 });
    const error = await run.result({ pollMs: 100 }).catch((e: unknown) => e);
    expect(AgentJobFailedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ state: 'failed', jobError: { message: expect.stringMatching(/not registered/) } });
    expect(await run.state()).toMatchObject({ state: 'failed', retryCount: 1 });
    await w.close();
    await queue.close();
  }, 60_000);

  it('runs follow-ups of one session one at a time, resuming from the store; reports progress', async () => {
    const queue = pgBossQueue({ connectionString, name: `lock-${Date.now()}` });
    const w = worker(queue, 3);
    const first = await enqueueAgentRun(queue, {
      prompt: 'start',
      options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
    });
    const progress: number[] = [];
    for await (const p of first.progress({ pollMs: 50 })) progress.push(p.assistantMessages);
    expect(progress.length).toBeGreaterThan(0);
    const { sessionId } = await first.result();
    maxInFlight = 0;
    toolDelayMs = 1000;
    const follow = await Promise.all(
      ['again', 'and again'].map((prompt) =>
        enqueueAgentRun(queue, {
          prompt,
          sessionId,
          options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
        }),
      ),
    );
    const outputs = await Promise.all(follow.map((run) => run.result({ pollMs: 100 })));
    expect(maxInFlight).toBe(1);
    // Both ran on the whole history: 4 messages of turn one, then 4 more for the earlier follow-up.
    expect(outputs.map((o) => o.text).sort()).toEqual(['done after 11 messages', 'done after 7 messages']);
    expect(outputs.every((o) => o.sessionId === sessionId && o.costUsd >= 0 && typeof o.usage === 'object')).toBe(true);
    toolDelayMs = 200;
    await w.close();
    await queue.close();
  }, 120_000);

  it('with a pool, every run goes through it: first turns with tools and resumed follow-ups wait for its one slot', async () => {
    const queue = pgBossQueue({ connectionString, name: `pool-${Date.now()}` });
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 4096 });
    let busy = 0;
    let peakBusy = 0;
    let admitted = 0;
    pool.on('admitted', ({ fromSpare }) => {
      admitted += 1;
      busy += 1;
      peakBusy = Math.max(peakBusy, busy);
      expect(fromSpare).toBe(false);
    });
    pool.on('released', () => {
      busy -= 1;
    });
    const w = worker(queue, 3, pool);
    maxInFlight = 0;
    const sessions = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const one = await enqueueAgentRun(queue, {
          prompt: `pooled ${i}`,
          options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
        });
        const first = await one.result({ pollMs: 100 });
        const two = await enqueueAgentRun(queue, {
          prompt: `pooled ${i} again`,
          sessionId: first.sessionId,
          options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
        });
        return { first, second: await two.result({ pollMs: 100 }) };
      }),
    );
    for (const { first, second } of sessions) {
      expect(first.text).toBe('done after 3 messages');
      // The follow-up resumed the session: the model saw turn one's messages before its own.
      expect(second.text).toBe('done after 7 messages');
      expect(second.sessionId).toBe(first.sessionId);
    }
    expect(admitted).toBe(6);
    expect(peakBusy).toBe(1);
    expect(maxInFlight).toBe(1);
    await w.close();
    await pool.close();
    expect(pool.stats()).toMatchObject({ busy: 0, admitted: 6 });
    expect(clisOf(configDir)).toEqual([]);
    await queue.close();
  }, 180_000);

  it('close() past its deadline stops the CLIs and hands the job back; another worker completes it', async () => {
    const queue = pgBossQueue({ connectionString, name: `close-${Date.now()}` });
    toolDelayMs = 30_000;
    const a = worker(queue);
    const run = await enqueueAgentRun(queue, {
      prompt: 'slow',
      options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
    });
    for await (const p of run.progress({ pollMs: 50 })) if (p.assistantMessages >= 1) break;
    expect(clisOf(configDir).length).toBeGreaterThan(0);
    await a.close({ deadlineMs: 300 });
    expect(a.running).toBe(0);
    // The CLIs were stopped; wait for the kernel to reap them (and their children).
    await vi.waitFor(() => expect(clisOf(configDir)).toEqual([]), { timeout: 15_000, interval: 50 });
    expect(await run.state()).toMatchObject({ state: 'created', retryCount: 0 });
    toolDelayMs = 200;
    const b = worker(queue);
    expect((await run.result({ pollMs: 100 })).text).toMatch(/^done after/);
    await b.close();
    await queue.close();
  }, 120_000);
});
