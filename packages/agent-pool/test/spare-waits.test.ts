import { type SessionFactories, startQuery } from '@hexagent/compose';
import type { Options } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { AgentPool } from '../src/agent-pool.js';
import type { PoolSpare, SpareSource } from '../src/spare-source.js';
import { answerAll, fakeCliContainer, settle } from './pool-test-kit.js';

/** Spares whose start the test ends: `finish(n)` parks the n-th, `fail(n)` fails it. */
function gatedSpareSource() {
  const gates: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const source: SpareSource = {
    fits: () => true,
    async prewarm(options: Options, factories: SessionFactories): Promise<PoolSpare> {
      await new Promise<void>((resolve, reject) => gates.push({ resolve, reject }));
      let exit!: () => void;
      const exited = new Promise<void>((resolve) => {
        exit = resolve;
      });
      return {
        claim: ({ prompt, options: perCall }) => startQuery({ prompt, options: { ...options, ...perCall } }, factories),
        claimed: Promise.resolve({}),
        exited,
        async close() {
          exit();
        },
      };
    },
  };
  return {
    source,
    started: () => gates.length,
    finish: (n: number) => gates[n]?.resolve(),
    fail: (n: number) => gates[n]?.reject(new Error('the spare did not start')),
  };
}

/** A query that comes while a spare starts waits for it rather than start a CLI beside it. */
describe('AgentPool: waiting for a spare still starting', () => {
  it('a query waits for the starting spare: one CLI start, not two', async () => {
    const fakes = fakeCliContainer();
    const spares = gatedSpareSource();
    const pool = new AgentPool({ maxConcurrent: 2, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    const q = pool.query({ prompt: 'hi' });
    await settle();
    expect(spares.started()).toBe(1);
    expect(admitted).toEqual([]);
    expect(pool.stats()).toMatchObject({ queued: 1, busy: 0 });
    spares.finish(0);
    expect((await answerAll(fakes, q)).map((m) => m.type)).toContain('result');
    expect(admitted).toEqual([true]);
    expect(fakes.clis).toHaveLength(1);
    await pool.close();
  });

  it('one waiter per starting spare: the next query starts cold at once', async () => {
    const fakes = fakeCliContainer();
    const spares = gatedSpareSource();
    const pool = new AgentPool({ maxConcurrent: 2, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    const first = pool.query({ prompt: 'one' });
    const second = pool.query({ prompt: 'two' });
    await settle();
    expect(admitted).toEqual([false]);
    spares.finish(0);
    const results = await Promise.all([answerAll(fakes, first), answerAll(fakes, second)]);
    expect(results.every((messages) => messages.some((m) => m.type === 'result'))).toBe(true);
    expect(admitted).toEqual([false, true]);
    await pool.close();
  });

  it('a spare that fails to start sends its waiter to a cold start', async () => {
    const fakes = fakeCliContainer();
    const spares = gatedSpareSource();
    const pool = new AgentPool({ maxConcurrent: 1, memoryBudgetMb: 10_000, spares: 1 }, fakes.container, spares.source);
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    const q = pool.query({ prompt: 'hi' });
    await settle();
    expect(admitted).toEqual([]);
    spares.fail(0);
    expect((await answerAll(fakes, q)).map((m) => m.type)).toContain('result');
    expect(admitted).toEqual([false]);
    await pool.close();
  });
});
