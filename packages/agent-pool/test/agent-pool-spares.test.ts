import { type SessionFactories, startQuery } from '@hexagent/compose';
import type { Options } from '@hexagent/core';
import { describe, expect, it, vi } from 'vitest';
import { AgentPool } from '../src/agent-pool.js';
import type { AgentPoolOptions } from '../src/agent-pool-options.js';
import { defaultMemoryBudgetMb } from '../src/default-memory-budget.js';
import type { PoolSpare, SpareSource } from '../src/spare-source.js';
import { answerAll, fakeCliContainer, launchFlag, settle } from './pool-test-kit.js';

/** Spares over the fake CLI: the claim starts a query with the pool's factories. */
function fakeSpareSource(
  behaviour: {
    refuse?: (n: number) => boolean;
    fail?: (n: number) => boolean;
    refusal?: string;
    /** `claim()` throws at once (a spare that exited while parked, before the pool heard of it). */
    throwOnClaim?: (n: number) => boolean;
  } = {},
) {
  let count = 0;
  const prewarmedAt: number[] = [];
  const source: SpareSource = {
    fits: () => true,
    async prewarm(options: Options, factories: SessionFactories): Promise<PoolSpare> {
      const n = count++;
      prewarmedAt.push(performance.now());
      if (behaviour.fail?.(n) === true) throw new Error('prewarm failed');
      let exit!: () => void;
      const exited = new Promise<void>((resolve) => {
        exit = resolve;
      });
      let settleClaim!: (error?: Error) => void;
      const claimed = new Promise<unknown>((resolve, reject) => {
        settleClaim = (error) => (error === undefined ? resolve({}) : reject(error));
      });
      claimed.catch(() => {});
      return {
        claim({ prompt, options: perCall }) {
          if (behaviour.throwOnClaim?.(n) === true) {
            exit();
            throw new Error('SpareProcess.claim(): the spare was closed or has exited');
          }
          const q = startQuery({ prompt, options: { ...options, ...perCall } }, factories);
          if (behaviour.refuse?.(n) === true) {
            const refusal = behaviour.refusal ?? 'cwd_not_found';
            settleClaim(new Error(refusal));
            if (!refusal.startsWith('option_not_applied')) exit();
          } else settleClaim();
          return q;
        },
        claimed,
        exited,
        async close() {
          exit();
        },
      };
    },
  };
  return { source, prewarms: () => count, prewarmedAt };
}

describe('AgentPool: warm spares', () => {
  it('keeps spares parked outside the running cap, claims one per query and refills after spareRefillDelayMs', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource();
    const pool = new AgentPool(
      { maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 2, spareRefillDelayMs: 150 },
      fakes.container,
      spares.source,
    );
    await settle();
    expect(pool.stats()).toMatchObject({ spares: 2, busy: 0 });
    const events: string[] = [];
    pool.on('admitted', (e) => events.push(`admitted fromSpare=${e.fromSpare}`));
    pool.on('claimed', () => events.push('claimed'));
    // The refill timer starts when the spare is taken, which is after this.
    const queriedAt = performance.now();
    const messages = await answerAll(fakes, pool.query({ prompt: 'hi', options: { cwd: '/tmp' } }));
    expect(messages.some((m) => m.type === 'result')).toBe(true);
    expect(events).toEqual(['admitted fromSpare=true', 'claimed']);
    expect(fakes.clis[0]?.launch.cwd).toBe('/tmp');
    // The replacement waits until the claimed CLI had its head start (timers fire no earlier than asked; 1 ms of rounding).
    await vi.waitFor(() => expect(spares.prewarms()).toBe(3), { timeout: 10_000, interval: 10 });
    expect(spares.prewarmedAt[2]! - queriedAt).toBeGreaterThanOrEqual(149);
    await settle();
    expect(pool.stats()).toMatchObject({ spares: 2, busy: 0 });
    await pool.close();
    expect(pool.stats().spares).toBe(0);
  });

  it("holds a claimed spare's replacement until the claimed CLI's first answer, past spareRefillDelayMs", async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource();
    const pool = new AgentPool(
      { maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1, spareRefillDelayMs: 10 },
      fakes.container,
      spares.source,
    );
    await settle();
    expect(spares.prewarms()).toBe(1);
    const q = pool.query({ prompt: 'hi', options: { cwd: '/tmp' } });
    const first = q.next();
    await vi.waitFor(() => expect(fakes.live().some((cli) => cli.sent.some((m) => m.type === 'user'))).toBe(true));
    // The delay timer was set before this one and expires first: the delay is over, the CLI has not answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settle();
    expect(spares.prewarms()).toBe(1);
    const cli = fakes.live().find((c) => c.sent.some((m) => m.type === 'user'));
    const answeredAt = performance.now();
    cli?.turn('hello');
    expect((await first).value).toMatchObject({ type: 'system' });
    let assistant = await q.next();
    while (assistant.done !== true && assistant.value.type !== 'assistant') assistant = await q.next();
    // The answer reaches the caller before the replacement is spawned (a spawn holds the thread).
    expect(spares.prewarms()).toBe(1);
    await vi.waitFor(() => expect(spares.prewarms()).toBe(2), { timeout: 10_000, interval: 5 });
    expect(spares.prewarmedAt[1]).toBeGreaterThanOrEqual(answeredAt);
    for await (const _ of q) {
    }
    await pool.close();
  });

  it('a query with an option a spare cannot take (resume, mcpServers) starts cold and leaves the spare parked', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource();
    const pool = new AgentPool({ maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    await settle();
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0 });
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    const resumed = await answerAll(fakes, pool.query({ prompt: 'again', options: { resume: 'sess-1', cwd: '/tmp' } }));
    expect(resumed.some((m) => m.type === 'result')).toBe(true);
    const tools = await answerAll(fakes, pool.query({ prompt: 'x', options: { mcpServers: { n: { command: 'n' } } } }));
    expect(tools.some((m) => m.type === 'result')).toBe(true);
    expect(admitted).toEqual([false, false]);
    expect(fakes.clis.map((cli) => launchFlag(cli.launch, 'resume'))).toEqual(['sess-1', undefined]);
    expect(spares.prewarms()).toBe(1);
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0, admitted: 2 });
    await pool.close();
  });

  it('a refused claim falls back to a cold start of the same prompt', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource({ refuse: (n) => n === 0 });
    const pool = new AgentPool({ maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    await settle();
    const refused: boolean[] = [];
    pool.on('claimRefused', (e) => refused.push(e.fellBack));
    const messages = await answerAll(fakes, pool.query({ prompt: 'hi' }));
    expect(refused).toEqual([true]);
    expect(messages.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(pool.stats().admitted).toBe(2);
    await pool.close();
  });

  it('a claim that throws at once sends its query back to the head of the queue; no one queued behind it is lost', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource({ throwOnClaim: (n) => n === 0 });
    const pool = new AgentPool({ maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    await settle();
    const order: string[] = [];
    pool.on('admitted', (e) => order.push(`admitted fromSpare=${e.fromSpare}`));
    pool.on('claimRefused', (e) => order.push(`claimRefused fellBack=${e.fellBack}`));
    // A cold query holds the only slot; two more queue behind it.
    const first = answerAll(fakes, pool.query({ prompt: 'first', options: { resume: 'sess-0' } }));
    const second = answerAll(fakes, pool.query({ prompt: 'second' }));
    const third = answerAll(fakes, pool.query({ prompt: 'third' }));
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2 });
    const deadline = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('a queued query was never admitted')), 5_000),
    );
    const runs = await Promise.race([Promise.all([first, second, third]), deadline]);
    for (const messages of runs) expect(messages.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(order).toEqual([
      'admitted fromSpare=false',
      'admitted fromSpare=true',
      'claimRefused fellBack=true',
      'admitted fromSpare=false',
      'admitted fromSpare=false',
    ]);
    expect(fakes.clis.map((cli) => cli.sent.find((m) => m.type === 'user')?.message)).toEqual([
      expect.objectContaining({ content: [{ type: 'text', text: 'first' }] }),
      expect.objectContaining({ content: [{ type: 'text', text: 'second' }] }),
      expect.objectContaining({ content: [{ type: 'text', text: 'third' }] }),
    ]);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
    await pool.close();
  });

  it('option_not_applied: the claimed session runs anyway and is not started again', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource({ refuse: () => true, refusal: 'option_not_applied: model' });
    const pool = new AgentPool({ maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    await settle();
    const refused: unknown[] = [];
    pool.on('claimRefused', (e) => refused.push(e));
    const messages = await answerAll(fakes, pool.query({ prompt: 'hi', options: { model: 'nope' } }));
    expect(messages.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(refused).toEqual([]);
    expect(pool.stats().admitted).toBe(1);
    await pool.close();
  });

  it('a failed prewarm is reported and queries start cold meanwhile', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource({ fail: () => true });
    const pool = new AgentPool({ maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    const failures: unknown[] = [];
    pool.on('refillFailed', (e) => failures.push(e.error));
    await settle();
    expect(failures).toHaveLength(1);
    const messages = await answerAll(fakes, pool.query({ prompt: 'hi' }));
    expect(messages.some((m) => m.type === 'result')).toBe(true);
    expect(pool.stats().spares).toBe(0);
    await pool.close();
  });

  it('without memoryBudgetMb (a JavaScript caller) the pool takes the default budget and starts its spares', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource();
    const settings = { maxConcurrent: 1, spares: 1 } as unknown as AgentPoolOptions;
    const pool = new AgentPool(settings, fakes.container, spares.source);
    await settle();
    expect(pool.stats().memory.budgetMb).toBe(defaultMemoryBudgetMb());
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0 });
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    const messages = await answerAll(fakes, pool.query({ prompt: 'hi' }));
    expect(messages.some((m) => m.type === 'result')).toBe(true);
    expect(admitted).toEqual([true]);
    await pool.close();
  });

  it('a budget with no room for one spare while spares are asked for is reported, not silent', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const fakes = fakeCliContainer();
      const pool = new AgentPool(
        { maxConcurrent: 1, memoryBudgetMb: 100, estimateMbPerCli: 200, spares: 1 },
        fakes.container,
        fakeSpareSource().source,
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((w) => (w as Error & { code?: string }).code)).toEqual(['HEXAGENT_POOL_BUDGET_TOO_SMALL']);
      expect(warnings[0]?.message).toContain('memoryBudgetMb is 100 MB');
      await pool.close();
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('spares take memory from the budget: none starts beyond it', async () => {
    const fakes = fakeCliContainer();
    const spares = fakeSpareSource();
    const pool = new AgentPool(
      { maxConcurrent: 4, memoryBudgetMb: 450, estimateMbPerCli: 200, spares: 3 },
      fakes.container,
      spares.source,
    );
    await settle();
    expect(pool.stats().spares).toBe(2);
    expect(spares.prewarms()).toBe(2);
    await pool.close();
  });
});
