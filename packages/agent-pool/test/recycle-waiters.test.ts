import { describe, expect, it } from 'vitest';
import { fakeCliContainer } from './pool-test-kit.js';
import { collect, parked, prompted, recorded, recyclingPool } from './recycle-kit.js';

/** Queued queries and CLIs that come back: a waiter takes the recycled CLI, not a fresh spare. */
describe('AgentPool: recycle, with queries waiting', () => {
  it('a queued query waits for the recycled CLI still resetting rather than take a fresh spare', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.clear = 'held';
    });
    const pool = recyclingPool(fakes, { spares: 2, maxConcurrent: 1 });
    const claimed = recorded(pool, 'claimed');
    await parked(pool, 2);
    const a = collect(pool.query({ prompt: 'a' }));
    const b = collect(pool.query({ prompt: 'b' }));
    const [first, fresh] = fakes.clis;
    await prompted(first, 'a');
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    first?.turn();
    await a;
    // `a`'s CLI runs its /clear (held); `b` waits for it, and the fresh spare stays parked.
    await expect.poll(() => first?.prompts).toEqual(['a', '/clear']);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 1, spares: 1 });
    first?.releaseClear();
    await prompted(first, 'b');
    first?.turn();
    await b;
    expect(fresh?.prompts).toEqual([]);
    expect(claimed.map((event) => event.recycled)).toEqual([false, true]);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('one waiter per resetting CLI, holding its place; the next waiter takes another CLI', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.clear = 'held';
    });
    const pool = recyclingPool(fakes, { spares: 2, maxConcurrent: 3 });
    await parked(pool, 2);
    const a = collect(pool.query({ prompt: 'a' }));
    const b = collect(pool.query({ prompt: 'b' }));
    const [first, second] = fakes.clis;
    await prompted(first, 'a');
    await prompted(second, 'b');
    first?.turn();
    await a;
    await prompted(first, '/clear');
    // Two places free, one CLI resetting: `c` waits for it, `d` runs on another CLI.
    const c = collect(pool.query({ prompt: 'c' }));
    const d = collect(pool.query({ prompt: 'd' }));
    await expect.poll(() => fakes.clis.slice(2).some((cli) => cli.prompts.includes('d'))).toBe(true);
    expect(fakes.clis.some((cli) => cli.prompts.includes('c'))).toBe(false);
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 1 });
    first?.releaseClear();
    await prompted(first, 'c');
    for (const cli of fakes.clis) {
      cli.clear = 'reset';
      cli.turn();
    }
    await Promise.all([b, c, d]);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a waiter that waits for a reset keeps its place: one behind it does not take the last one', async () => {
    let finishing = false;
    const fakes = fakeCliContainer((cli) => {
      cli.clear = finishing ? 'reset' : 'held';
      cli.answerPrompts = finishing;
    });
    const pool = recyclingPool(fakes, { spares: 2, maxConcurrent: 2 });
    await parked(pool, 2);
    const a = collect(pool.query({ prompt: 'a' }));
    const b = collect(pool.query({ prompt: 'b' }));
    const [first, second] = fakes.clis;
    await prompted(first, 'a');
    await prompted(second, 'b');
    const c = collect(pool.query({ prompt: 'c' }));
    const d = collect(pool.query({ prompt: 'd' }));
    first?.turn();
    await a;
    await prompted(first, '/clear');
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2 });
    first?.releaseClear();
    await prompted(first, 'c');
    expect(fakes.clis.some((cli) => cli.prompts.includes('d'))).toBe(false);
    finishing = true;
    for (const cli of fakes.clis) {
      cli.clear = 'reset';
      cli.answerPrompts = true;
    }
    first?.turn();
    second?.turn();
    await Promise.all([b, c, d]);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });
});
