/**
 * createAgentPool on the REAL CLI against the scripted model: queries through the pool call an
 * in-process tool, the cap holds, the memory measured from procfs is real, a recycled CLI serves the
 * next query of its key as a new conversation, and `close()` leaves no process of the pool behind
 * (checked in /proc).
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSdkMcpServer, type SDKMessage, tool } from '@hexagent/sdk';
import { byPrompt, collect, results, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAgentPool } from '../../src/index.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

const calls: number[] = [];
const calc = createSdkMcpServer({
  name: 'calc',
  tools: [
    tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
      calls.push(a + b);
      return { content: [{ type: 'text', text: String(a + b) }] };
    }),
  ],
});

describe('createAgentPool on the real CLI', () => {
  it('serves queries with an in-process tool under the cap, measures RSS, and close() leaves no process', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        add: (request) => {
          const said = JSON.stringify(request.body.messages ?? []);
          const n = Number(/agent (\d+)/.exec(said)?.[1] ?? 0);
          return { content: [toolUse('mcp__calc__add', { a: n, b: 100 })] };
        },
      }),
    );
    const pool = createAgentPool({
      options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
      maxConcurrent: 2,
      memoryBudgetMb: 3072,
      sampleIntervalMs: 100,
    });
    const pids = new Set<number>();
    let busyPeak = 0;
    pool.on('spawned', (event) => {
      if (event.pid !== undefined) pids.add(event.pid);
      busyPeak = Math.max(busyPeak, pool.stats().busy);
    });
    const runs = [0, 1, 2, 3].map((i) => collect(pool.query({ prompt: `agent ${i}: add`, key: `tenant-${i % 2}` })));
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 2 });
    const all = await Promise.all(runs);
    for (const messages of all) expect(results(messages).at(-1)?.subtype).toBe('success');
    expect(calls.sort((x, y) => x - y)).toEqual([100, 101, 102, 103]);
    expect(pids.size).toBe(4);
    expect(busyPeak).toBeLessThanOrEqual(2);
    const stats = pool.stats();
    expect(stats).toMatchObject({ busy: 0, queued: 0, admitted: 4 });
    expect(stats.queueWaitMs.count).toBe(4);
    // The real CLI's process tree was measured from procfs.
    expect(stats.memory.peakTotalRssMb).toBeGreaterThan(30);
    expect(stats.memory.estimateMb).not.toBe(200);
    await pool.close({ deadlineMs: 5000 });
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });

  it('a per-call mcpServers and a resume run through the pool: the follow-up waits for the slot, then sees the earlier turn', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        'first: add': { content: [toolUse('mcp__calc__add', { a: 40, b: 2 }, 'toolu_sum')] },
        'tool_result:sum': { content: [text('the sum is 42')] },
        'what was the sum': (request) => ({
          content: [text(JSON.stringify(request.body.messages).includes('the sum is 42') ? 'it was 42' : 'no idea')],
        }),
      }),
    );
    const pool = createAgentPool({ options: { env: harness.env }, maxConcurrent: 1, memoryBudgetMb: 3072 });
    const admitted: boolean[] = [];
    pool.on('admitted', ({ fromSpare }) => admitted.push(fromSpare));
    const pids: number[] = [];
    pool.on('spawned', ({ pid }) => pid !== undefined && pids.push(pid));
    const first = collect(
      pool.query({ prompt: 'first: add', options: { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] } }),
    );
    const firstResult = results(await first).at(-1);
    expect(firstResult?.subtype).toBe('success');
    expect(calls).toContain(42);
    const sessionId = String(firstResult?.session_id);
    // Two follow-ups at once on a pool of one: the second waits in the queue.
    const again = [1, 2].map(() =>
      collect(pool.query({ prompt: 'what was the sum?', options: { resume: sessionId } })),
    );
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    for (const messages of await Promise.all(again)) expect(results(messages).at(-1)?.result).toBe('it was 42');
    expect(admitted).toEqual([false, false, false]);
    await pool.close({ deadlineMs: 5000 });
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });

  it('close() during load: queued queries get PoolClosedError, running CLIs are stopped by the deadline, none outlives the pool', async () => {
    const harness = await scope.startCliHarness(() => ({ content: [text('slow answer')], delayMs: 20_000 }));
    const pool = createAgentPool({ options: { env: harness.env }, maxConcurrent: 2, memoryBudgetMb: 3072 });
    const pids = new Set<number>();
    const treePids = new Set<number>();
    pool.on('spawned', (event) => {
      if (event.pid !== undefined) pids.add(event.pid);
    });
    const outcomes = [0, 1, 2].map((i) =>
      collect(pool.query({ prompt: `slow ${i}` })).then(
        () => 'done',
        (error: { code?: string }) => error.code ?? 'error',
      ),
    );
    // Both running CLIs are mid-model-call (the slow answer) when close() comes; the third query waits.
    const server = harness.server;
    await vi.waitFor(
      () => {
        expect(pids.size).toBe(2);
        expect(server.requests.filter((request) => request.kind === 'main').length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 60_000, interval: 50 },
    );
    for (const child of pool.stats().memory.children) treePids.add(child.pid);
    const started = Date.now();
    await pool.close({ deadlineMs: 300 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await Promise.all(outcomes))[2]).toBe('POOL_CLOSED');
    expect(pids.size).toBe(2);
    for (const pid of [...pids, ...treePids]) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });
});

describe('createAgentPool with spares on the real CLI', () => {
  it('parks a warm spare, a query claims it (cwd set per call), refills, and close() leaves no process', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        add: () => ({ content: [toolUse('mcp__calc__add', { a: 40, b: 2 })] }),
      }),
    );
    const pool = createAgentPool({
      options: { env: harness.env, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
      spares: 1,
      spareStart: 'prewarm',
      maxConcurrent: 2,
      memoryBudgetMb: 3072,
    });
    const pids = new Set<number>();
    const claimed: unknown[] = [];
    pool.on('spawned', (event) => {
      if (event.pid !== undefined) pids.add(event.pid);
    });
    pool.on('claimed', (event) => claimed.push(event));
    await expect.poll(() => pool.stats().spares, { timeout: 30_000 }).toBe(1);
    const cwd = scope.tempDir('pool-claim-');
    const messages = await collect(pool.query({ prompt: 'spare: add', options: { cwd } }));
    expect(results(messages).at(-1)?.subtype).toBe('success');
    expect(claimed).toHaveLength(1);
    expect(calls).toContain(42);
    const init = messages.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init && 'cwd' in init ? init.cwd : undefined).toBe(cwd);
    // The pool refills its shelf in the background.
    await expect.poll(() => pool.stats().spares, { timeout: 30_000 }).toBe(1);
    await pool.close({ deadlineMs: 5000 });
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });
  it("spareStart 'startup': the spare is initialized with the profile, a query asking for it takes it, another cwd starts cold", async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        add: () => ({ content: [toolUse('mcp__calc__add', { a: 20, b: 3 })] }),
      }),
    );
    const cwd = scope.tempDir('pool-startup-');
    const other = scope.tempDir('pool-startup-other-');
    const pool = createAgentPool({
      options: { env: harness.env, cwd, mcpServers: { calc }, allowedTools: ['mcp__calc__add'] },
      spares: 1,
      spareStart: 'startup',
      maxConcurrent: 2,
      memoryBudgetMb: 3072,
    });
    const pids = new Set<number>();
    const admitted: boolean[] = [];
    pool.on('spawned', (event) => {
      if (event.pid !== undefined) pids.add(event.pid);
    });
    pool.on('admitted', (event) => admitted.push(event.fromSpare));
    await expect.poll(() => pool.stats().spares, { timeout: 30_000 }).toBe(1);
    const warm = await collect(pool.query({ prompt: 'warm: add', options: { cwd } }));
    expect(results(warm).at(-1)?.subtype).toBe('success');
    expect(calls).toContain(23);
    const init = warm.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init && 'cwd' in init ? init.cwd : undefined).toBe(cwd);
    // The model saw the prompt as the first user turn of a fresh session (no claim, no parking folder).
    const first = harness.server.messageRequests[0];
    expect(JSON.stringify(first?.body.messages?.[0]?.content)).toContain('warm: add');
    const cold = await collect(pool.query({ prompt: 'cold: hello', options: { cwd: other } }));
    const coldInit = cold.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(coldInit && 'cwd' in coldInit ? coldInit.cwd : undefined).toBe(other);
    expect(admitted).toEqual([true, false]);
    await pool.close({ deadlineMs: 5000 });
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });
});

describe('createAgentPool with recycle on the real CLI', () => {
  it('recycles a CLI: the next query of its key runs in the same process as a new conversation that carries none of the last; another key starts its own', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        'secret pelican: add': { content: [toolUse('mcp__calc__add', { a: 5, b: 6 }, 'toolu_pelican')] },
        'tool_result:pelican': { content: [text('eleven, pelican')] },
        'second question: add': { content: [toolUse('mcp__calc__add', { a: 1, b: 2 }, 'toolu_second')] },
        'tool_result:second': { content: [text('fresh answer')] },
        'other tenant': { content: [text('other answer')] },
      }),
    );
    const cwd = scope.tempDir('pool-recycle-');
    const sessionStarts: string[] = [];
    const pool = createAgentPool({
      options: {
        env: harness.env,
        cwd,
        mcpServers: { calc },
        allowedTools: ['mcp__calc__add'],
        hooks: {
          SessionStart: [
            {
              hooks: [
                async (input) => {
                  sessionStarts.push('source' in input ? String(input.source) : '?');
                  return {};
                },
              ],
            },
          ],
        },
      },
      spares: 1,
      recycle: true,
      maxConcurrent: 2,
      memoryBudgetMb: 3072,
    });
    const pids = new Set<number>();
    const claimed: Array<{ pid: number | undefined; key: string | undefined; recycled: boolean }> = [];
    pool.on('spawned', ({ pid }) => pid !== undefined && pids.add(pid));
    pool.on('claimed', (event) => claimed.push(event));
    const initOf = (messages: SDKMessage[]) =>
      messages.find((m) => m.type === 'system' && m.subtype === 'init') as { session_id: string } | undefined;
    await expect.poll(() => pool.stats().spares, { timeout: 30_000 }).toBe(1);

    const a = await collect(pool.query({ prompt: 'secret pelican: add', key: 'tenant-1' }));
    expect(results(a).at(-1)?.result).toBe('eleven, pelican');
    expect(calls).toContain(11);
    await expect.poll(() => pool.stats().recycled, { timeout: 15_000 }).toBe(1);
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0 });
    const seenBefore = harness.server.messageRequests.length;
    const started = performance.now();
    let firstAssistantMs: number | undefined;
    const b: SDKMessage[] = [];
    for await (const message of pool.query({ prompt: 'second question: add', key: 'tenant-1' })) {
      if (message.type === 'assistant') firstAssistantMs ??= performance.now() - started;
      b.push(message);
    }
    console.info(`recycled CLI: first assistant message ${firstAssistantMs?.toFixed(0)} ms after pool.query()`);
    expect(results(b).at(-1)?.result).toBe('fresh answer');
    expect(calls).toContain(3);
    // The same process, a new session: its own system/init first, a new session id.
    expect(claimed.map((e) => e.recycled)).toEqual([false, true]);
    expect(claimed[1]?.pid).toBe(claimed[0]?.pid);
    expect(b[0]).toMatchObject({ type: 'system', subtype: 'init' });
    const [aSession, bSession] = [initOf(a)?.session_id, initOf(b)?.session_id];
    expect(bSession).toBeDefined();
    expect(bSession).not.toBe(aSession);
    expect(b.some((m) => m.type === 'conversation_reset')).toBe(false);
    // B's model requests carry none of A's conversation (only the CLI's /clear note, a caveat documented).
    const bSaid = JSON.stringify(harness.server.messageRequests.slice(seenBefore).map((r) => r.body.messages));
    expect(bSaid).toContain('second question');
    expect(bSaid).not.toMatch(/pelican|toolu_pelican|eleven/);
    expect(bSaid).toContain('<command-name>/clear</command-name>');
    // Each conversation has its own transcript.
    const projects = join(harness.configDir, 'projects');
    const transcripts = readdirSync(projects, { recursive: true, encoding: 'utf8' });
    const transcript = (id: string | undefined) => {
      const path = transcripts.find((file) => file.endsWith(`${id}.jsonl`));
      return path === undefined ? '' : readFileSync(join(projects, path), 'utf8');
    };
    expect(transcript(aSession)).toContain('secret pelican');
    expect(transcript(bSession)).toContain('second question');
    expect(transcript(bSession)).not.toContain('pelican');

    // Another key does not take tenant-1's CLI: it starts a CLI of its own.
    await expect.poll(() => pool.stats().recycled, { timeout: 15_000 }).toBe(2);
    // SessionStart hooks run at each reset, with source 'clear' (none ran for the first session).
    expect(sessionStarts).toEqual(['clear', 'clear']);
    const c = await collect(pool.query({ prompt: 'other tenant', key: 'tenant-2' }));
    expect(results(c).at(-1)?.result).toBe('other answer');
    expect(claimed).toHaveLength(2);
    expect(pids.size).toBe(2);
    await pool.close({ deadlineMs: 5000 });
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });

  it('a caller that breaks at the result does not lose the CLI: the next query, sent at once, runs on it', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        'first: add': { content: [toolUse('mcp__calc__add', { a: 20, b: 22 }, 'toolu_first')] },
        'tool_result:first': { content: [text('forty-two')] },
        'second: hello': { content: [text('hello again')] },
      }),
    );
    const pool = createAgentPool({
      options: {
        env: harness.env,
        cwd: realpathSync(tmpdir()),
        mcpServers: { calc },
        allowedTools: ['mcp__calc__add'],
      },
      spares: 1,
      recycle: true,
      maxConcurrent: 2,
      memoryBudgetMb: 3072,
    });
    const claimed: boolean[] = [];
    const admittedCold: boolean[] = [];
    pool.on('claimed', ({ recycled }) => claimed.push(recycled));
    pool.on('admitted', ({ fromSpare }) => admittedCold.push(!fromSpare));
    // The in-process server makes the CLI's run end at its idle, a moment after the result.
    let first: string | undefined;
    for await (const message of pool.query({ prompt: 'first: add' })) {
      if (message.type === 'result') {
        first = 'result' in message ? message.result : undefined;
        break;
      }
    }
    expect(first).toBe('forty-two');
    const second = results(await collect(pool.query({ prompt: 'second: hello' })));
    expect(second.at(-1)?.result).toBe('hello again');
    expect(claimed).toEqual([false, true]);
    expect(admittedCold).toEqual([false, false]);
    expect(pool.stats().recycled).toBeGreaterThanOrEqual(1);
    await pool.close({ deadlineMs: 5000 });
  });
});
