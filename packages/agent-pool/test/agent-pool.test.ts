import { spawn } from 'node:child_process';
import { AbortError, type SDKMessage } from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import { createAgentPool, PoolClosedError, PoolOptionNotClaimableError, PoolQueueTimeoutError } from '../src/index.js';
import { fakeCliContainer, fakeMeasure, flagsOf, settle } from './pool-test-kit.js';

async function drainQuery(q: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const m of q) out.push(m);
  return out;
}

describe('createAgentPool: admission', () => {
  it('9 agents racing for a cap of 2 in the same tick: 2 run, 7 queue, never more than 2 at once, all finish', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      { maxConcurrent: 2, memoryBudgetMb: 10_000, measureProcessTrees: fakeMeasure() },
      fakes.container,
    );
    const queued: number[] = [];
    pool.on('queued', (e) => queued.push(e.queued));
    // What a listener sees of stats() as each query is admitted: the others still queued, this wait counted.
    const seenOnAdmission: Array<[queued: number, waits: number]> = [];
    pool.on('admitted', () => seenOnAdmission.push([pool.stats().queued, pool.stats().queueWaitMs.count]));
    const queries = Array.from({ length: 9 }, (_, i) => pool.query({ prompt: `agent ${i}` }));
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 7 });
    expect(queued).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const runs = queries.map((q) => drainQuery(q));
    for (let done = 0; done < 9; done++) {
      await fakes.created(done + 1);
      await settle();
      expect(fakes.live().length).toBeLessThanOrEqual(2);
      const cli = fakes.live()[0];
      expect(cli).toBeDefined();
      cli?.answer(`answer ${done}`);
      await settle();
    }
    const all = await Promise.all(runs);
    expect(all.every((messages) => messages.some((m) => m.type === 'result'))).toBe(true);
    expect(fakes.clis).toHaveLength(9);
    expect(fakes.peak()).toBe(2);
    const stats = pool.stats();
    expect(stats).toMatchObject({ busy: 0, queued: 0, admitted: 9, rejected: 0 });
    expect(stats.queueWaitMs.count).toBe(9);
    expect(stats.queueWaitMs.p99).toBeGreaterThan(0);
    expect(seenOnAdmission).toEqual([
      [0, 1],
      [0, 2],
      [6, 3],
      [5, 4],
      [4, 5],
      [3, 6],
      [2, 7],
      [1, 8],
      [0, 9],
    ]);
    await pool.close();
  });

  it('an abort while queued takes the query out of the queue with AbortError; a started one is stopped', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000 }, fakes.container);
    const running = new AbortController();
    const first = pool.query({ prompt: 'one', signal: running.signal });
    const controller = new AbortController();
    const second = pool.query({ prompt: 'two', signal: controller.signal });
    const rejected: Error[] = [];
    pool.on('rejected', (e) => rejected.push(e.error));
    controller.abort();
    await expect(second.next()).rejects.toSatisfy((e) => AbortError.isInstance(e));
    expect(await second.next()).toEqual({ value: undefined, done: true });
    expect(pool.stats().queued).toBe(0);
    expect(rejected).toHaveLength(1);
    await fakes.created(1);
    running.abort();
    await expect(drainQuery(first)).rejects.toSatisfy((e) => AbortError.isInstance(e));
    await settle();
    expect(pool.stats().busy).toBe(0);
    expect(fakes.clis[0]?.state.closed).toBe(true);
    await pool.close();
  });

  it('a caller leaving the iteration (break) stops the CLI and frees the slot for the next query', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000 }, fakes.container);
    const first = pool.query({ prompt: 'one' });
    const second = pool.query({ prompt: 'two' });
    await fakes.created(1);
    await settle();
    fakes.clis[0]?.answer();
    for await (const message of first) if (message.type === 'assistant') break;
    expect(fakes.clis[0]?.state.closed).toBe(true);
    await fakes.created(2);
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 0 });
    second.close();
    await settle();
    expect(pool.stats().busy).toBe(0);
    await pool.close();
  });

  it('a query already aborted is rejected without queueing', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000 }, fakes.container);
    const q = pool.query({ prompt: 'x', signal: AbortSignal.abort() });
    await expect(q.next()).rejects.toSatisfy((e) => AbortError.isInstance(e));
    expect(fakes.clis).toHaveLength(0);
    await pool.close();
  });

  it('queueTimeoutMs: a query waiting too long fails with PoolQueueTimeoutError', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000, queueTimeoutMs: 30 }, fakes.container);
    pool.query({ prompt: 'busy' });
    const waiting = pool.query({ prompt: 'waits' });
    const error = await waiting.next().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(PoolQueueTimeoutError.isInstance(error)).toBe(true);
    expect((error as PoolQueueTimeoutError).code).toBe('POOL_QUEUE_TIMEOUT');
    expect((error as PoolQueueTimeoutError).waitedMs).toBeGreaterThanOrEqual(25);
    await expect(waiting.initializationResult()).rejects.toBe(error);
    await pool.close({ deadlineMs: 10 });
  });

  it('return() while queued leaves the queue', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000 }, fakes.container);
    pool.query({ prompt: 'busy' });
    const waiting = pool.query({ prompt: 'waits' });
    expect(pool.stats().queued).toBe(1);
    expect(await waiting.return()).toEqual({ value: undefined, done: true });
    expect(pool.stats().queued).toBe(0);
    expect(await waiting.next()).toEqual({ value: undefined, done: true });
    await pool.close({ deadlineMs: 10 });
  });

  it('per-key limits: a tenant at its limit waits while another tenant runs', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 3, memoryBudgetMb: 10_000, perKeyLimit: 1 }, fakes.container);
    const a1 = pool.query({ prompt: 'a1', key: 'a' });
    const a2 = pool.query({ prompt: 'a2', key: 'a' });
    const b1 = pool.query({ prompt: 'b1', key: 'b' });
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 1 });
    const runs = [drainQuery(a1), drainQuery(a2), drainQuery(b1)];
    await fakes.created(2);
    await settle();
    const [cliA1, cliB1] = fakes.clis;
    cliB1?.answer();
    await settle();
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    cliA1?.answer();
    await fakes.created(3);
    await settle();
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 0 });
    fakes.clis[2]?.answer();
    await Promise.all(runs);
    await pool.close();
  });

  it('memory budget: reserves the estimate before spawn, corrects it by measurement, learns the estimate', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      {
        maxConcurrent: 10,
        memoryBudgetMb: 500,
        estimateMbPerCli: 200,
        measureProcessTrees: fakeMeasure(() => 240),
      },
      fakes.container,
    );
    const queries = [0, 1, 2].map((i) => pool.query({ prompt: `q${i}` }));
    // 200 + 200 fit in 500; a third 200 does not.
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 1 });
    expect(pool.stats().memory.reservedMb).toBe(400);
    const runs = queries.map((q) => drainQuery(q));
    await fakes.created(2);
    await settle(30);
    expect(pool.stats().memory.reservedMb).toBe(480);
    expect(pool.stats().memory.totalRssMb).toBe(480);
    expect(pool.stats().memory.children.map((c) => c.rssMb)).toEqual([240, 240]);
    fakes.clis[0]?.answer();
    await fakes.created(3);
    await settle(30);
    // The estimate learned from the first CLI's peak.
    expect(pool.stats().memory.estimateMb).toBe(240);
    fakes.clis[1]?.answer();
    fakes.clis[2]?.answer();
    await Promise.all(runs);
    expect(pool.stats().memory.peakTotalRssMb).toBeLessThanOrEqual(500);
    await pool.close();
  });

  it('a budget below one CLI still runs one query at a time', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 4, memoryBudgetMb: 50 }, fakes.container);
    pool.query({ prompt: 'a' });
    pool.query({ prompt: 'b' });
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    await pool.close({ deadlineMs: 10 });
  });

  it('per-call abortController throws at once (a pooled query takes a signal); nothing is queued', () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000 }, fakes.container);
    const abortController = new AbortController();
    expect(() => pool.query({ prompt: 'x', options: { abortController } as never })).toThrow(
      PoolOptionNotClaimableError,
    );
    try {
      pool.query({ prompt: 'x', options: { abortController, cwd: '/tmp' } as never });
      expect.unreachable('pool.query() took abortController');
    } catch (error) {
      expect(PoolOptionNotClaimableError.isInstance(error)).toBe(true);
      expect((error as PoolOptionNotClaimableError).options).toEqual(['abortController']);
      expect((error as PoolOptionNotClaimableError).code).toBe('POOL_OPTION_NOT_CLAIMABLE');
      expect((error as Error).message).toMatch(/signal/);
    }
    expect(pool.stats()).toMatchObject({ admitted: 0, queued: 0 });
  });

  // A session id must be a UUID: the options are checked before any transport, the fake's included.
  const SESSION_3 = '00000000-0000-4000-8000-000000000003';

  it('resume, sessionId, mcpServers, sessionStore per call: admitted like any query, queued behind the cap, killed by close()', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      { maxConcurrent: 1, memoryBudgetMb: 1000, options: { maxTurns: 2, mcpServers: { base: { command: 'base' } } } },
      fakes.container,
    );
    const sessionStore = { append: async () => {}, load: async () => null };
    const first = pool.query({ prompt: 'one', options: { mcpServers: { notes: { command: 'notes' } }, maxTurns: 5 } });
    const second = pool.query({ prompt: 'two', options: { resume: 'sess-1' } });
    const third = pool.query({ prompt: 'three', options: { sessionId: SESSION_3, sessionStore } });
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2, admitted: 1 });
    await fakes.created(1);
    // A per-call option replaces the profile's value of that name.
    expect(flagsOf(fakes.clis[0], 'max-turns')).toEqual(['5']);
    expect(fakes.clis[0]?.launch.mcpServerTypes).toEqual({ notes: 'stdio' });
    fakes.clis[0]?.answer('first');
    expect((await drainQuery(first)).some((m) => m.type === 'result')).toBe(true);
    await fakes.created(2);
    expect(flagsOf(fakes.clis[1], 'resume', 'max-turns')).toEqual(['sess-1', '2']);
    expect(fakes.live()).toHaveLength(1);
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    fakes.clis[1]?.answer('second');
    await drainQuery(second);
    await fakes.created(3);
    expect(flagsOf(fakes.clis[2], 'session-id', 'session-mirror')).toEqual([SESSION_3, true]);
    const running = drainQuery(third).catch((error: unknown) => error);
    await pool.close({ deadlineMs: 10 });
    expect(fakes.clis[2]?.state.closed).toBe(true);
    expect(fakes.peak()).toBe(1);
    expect(pool.stats()).toMatchObject({ busy: 0, admitted: 3 });
    await running;
  });

  it('per-call options reach the CLI over the pool profile', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      { maxConcurrent: 1, memoryBudgetMb: 1000, options: { model: 'base', maxTurns: 2 } },
      fakes.container,
    );
    const q = pool.query({ prompt: 'x', options: { model: 'per-call', cwd: '/tmp' } });
    await fakes.created(1);
    expect(flagsOf(fakes.clis[0], 'model', 'max-turns')).toEqual(['per-call', '2']);
    expect(fakes.clis[0]?.launch.cwd).toBe('/tmp');
    q.close();
    await pool.close();
  });

  it('rejects bad settings', () => {
    expect(() => createAgentPool({ maxConcurrent: 0, memoryBudgetMb: 1 })).toThrow(/maxConcurrent/);
    expect(() => createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 0 })).toThrow(/memoryBudgetMb/);
    expect(() =>
      createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1, options: { abortController: new AbortController() } }),
    ).toThrow(/abortController/);
  });
});

describe('createAgentPool: close', () => {
  it('close during load: queued callers get PoolClosedError, running ones drain until the deadline and are stopped', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 2, memoryBudgetMb: 10_000 }, fakes.container);
    const queries = [0, 1, 2, 3].map((i) => pool.query({ prompt: `q${i}` }));
    const outcomes = queries.map((q) =>
      drainQuery(q).then(
        (messages) => ({ messages }),
        (error: unknown) => ({ error }),
      ),
    );
    await fakes.created(2);
    await settle();
    let closedEvent = false;
    pool.on('closed', () => {
      closedEvent = true;
    });
    const closing = pool.close({ deadlineMs: 50 });
    expect(() => pool.query({ prompt: 'late' })).toThrow(PoolClosedError);
    fakes.clis[0]?.answer('made it');
    await closing;
    const [first, second, third, fourth] = await Promise.all(outcomes);
    expect(first).toMatchObject({ messages: expect.arrayContaining([expect.objectContaining({ type: 'result' })]) });
    expect(second).not.toHaveProperty(
      'messages',
      expect.arrayContaining([expect.objectContaining({ type: 'result' })]),
    );
    expect(PoolClosedError.isInstance((third as { error: unknown }).error)).toBe(true);
    expect(PoolClosedError.isInstance((fourth as { error: unknown }).error)).toBe(true);
    expect(fakes.clis).toHaveLength(2);
    expect(fakes.clis.every((cli) => cli.state.closed)).toBe(true);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, closed: true });
    expect(closedEvent).toBe(true);
  });

  it('a descendant still running when its CLI has exited is killed (no orphan outlives its query)', async () => {
    const orphan = spawn('sleep', ['30'], { stdio: 'ignore' });
    const gone = new Promise((resolve) => orphan.once('exit', resolve));
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      {
        maxConcurrent: 1,
        memoryBudgetMb: 1000,
        // The fake CLI's tree, as procfs would report it: the CLI and a child it spawned.
        measureProcessTrees: async (pids) =>
          new Map(pids.map((pid) => [pid, { pid, rssMb: 10, pids: [pid, orphan.pid as number] }])),
      },
      fakes.container,
    );
    const run = drainQuery(pool.query({ prompt: 'x' }));
    await fakes.created(1);
    await settle();
    fakes.clis[0]?.answer();
    await run;
    await settle();
    expect(await gone).toBeNull();
    expect(orphan.signalCode).toBe('SIGKILL');
    await pool.close();
  });

  it('the errors carry a stable code and a Symbol.for marker', () => {
    const closed = new PoolClosedError();
    expect(closed.code).toBe('POOL_CLOSED');
    expect((closed as unknown as Record<symbol, unknown>)[Symbol.for('hexagent.error.PoolClosedError')]).toBe(true);
    expect(PoolClosedError.isInstance({ [Symbol.for('hexagent.error.PoolClosedError')]: true })).toBe(true);
    expect(PoolQueueTimeoutError.isInstance(closed)).toBe(false);
  });
});
