import type { SDKMessage } from '@hexagent/sdk';
import { describe, expect, it, vi } from 'vitest';
import type { AgentPoolOptions } from '../src/agent-pool-options.js';
import { createAgentPool } from '../src/create-agent-pool.js';
import type { AgentPoolEvents } from '../src/pool-events.js';
import { fakeCliContainer, fakeMeasure, launchFlag, settle } from './pool-test-kit.js';

type Fakes = ReturnType<typeof fakeCliContainer>;

/** Read `q` to its end, answering each prompt its CLI was sent. */
async function run(fakes: Fakes, q: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  const reading = (async () => {
    for await (const m of q) out.push(m);
  })();
  for (let i = 0; i < 60 && !out.some((m) => m.type === 'result'); i++) {
    await settle();
    for (const cli of fakes.live()) if (cli.sent.some((m) => m.type === 'user') && !cli.state.closed) cli.answer();
  }
  await reading;
  return out;
}

/** Resolves once `check` holds (vi.waitFor, as the pool's other tests wait). */
async function until(check: () => boolean): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true));
}

const awaitsClaim = (fakes: Fakes, index: number) => {
  const cli = fakes.clis[index];
  return cli === undefined ? undefined : launchFlag(cli.launch, 'await-claim') === true;
};

function pool(fakes: Fakes, settings: Partial<AgentPoolOptions> = {}) {
  const made = createAgentPool(
    {
      options: { cwd: '/srv/app' },
      spares: 1,
      spareRefillDelayMs: 0,
      maxConcurrent: 2,
      memoryBudgetMb: 10_000,
      measureProcessTrees: fakeMeasure(),
      ...settings,
    },
    fakes.container,
  );
  const admitted: boolean[] = [];
  const switched: Array<AgentPoolEvents['spareStartSwitched']> = [];
  made.on('admitted', (e) => admitted.push(e.fromSpare));
  made.on('spareStartSwitched', (e) => switched.push(e));
  return { pool: made, admitted, switched };
}

/** The default `spareStart: 'auto'`, over the fake CLI (the real spare sources). */
describe("AgentPool: spareStart 'auto' (the default)", () => {
  it('starts startup spares; a query that takes the profile claims one warm', async () => {
    const fakes = fakeCliContainer();
    const { pool: p, admitted, switched } = pool(fakes);
    await until(() => p.stats().spares === 1);
    expect(awaitsClaim(fakes, 0)).toBe(false);
    expect(p.stats().spareStart).toBe('startup');
    const messages = await run(fakes, p.query({ prompt: 'hi', options: { cwd: '/srv/app' } }));
    expect(messages.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(admitted).toEqual([true]);
    expect(fakes.clis[0]?.prompts).toEqual(['hi']);
    expect(switched).toEqual([]);
    expect(p.stats().spareStart).toBe('startup');
    await p.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a query a startup spare cannot serve switches to prewarm: the parked spare is closed and replaced; the next such query claims warm', async () => {
    const fakes = fakeCliContainer();
    const { pool: p, admitted, switched } = pool(fakes);
    await until(() => p.stats().spares === 1);
    const startupSpare = fakes.clis[0];
    const first = await run(fakes, p.query({ prompt: 'a', options: { model: 'opus' } }));
    expect(first.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(admitted).toEqual([false]);
    expect(switched).toEqual([{ spareStart: 'prewarm', retired: 1 }]);
    expect(p.stats().spareStart).toBe('prewarm');
    // The startup spare was never sent a prompt, and its process has ended.
    expect(startupSpare?.prompts).toEqual([]);
    expect(startupSpare?.state.closed).toBe(true);
    // Its place went to a prewarm spare (parked with --await-claim).
    await until(() => p.stats().spares === 1 && fakes.clis.some((_, i) => awaitsClaim(fakes, i) === true));
    const prewarmIndex = fakes.clis.findIndex((_, i) => awaitsClaim(fakes, i) === true);
    const second = await run(fakes, p.query({ prompt: 'b', options: { model: 'haiku', cwd: '/srv/other' } }));
    expect(second.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(admitted).toEqual([false, true]);
    expect(fakes.clis[prewarmIndex]?.prompts).toEqual(['b']);
    const claim = await fakes.clis[prewarmIndex]?.waitForControlRequest('claim_session');
    expect(claim?.request).toMatchObject({ cwd: '/srv/other' });
    // One switch for the pool's life: still prewarm, and no second event.
    expect(switched).toHaveLength(1);
    await p.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a startup spare still starting at the switch is closed once it parks, and a prewarm spare takes its place', async () => {
    const fakes = fakeCliContainer();
    const { pool: p, admitted, switched } = pool(fakes);
    // Called in the same tick as the pool was made: its startup spare has not parked yet.
    expect(p.stats()).toMatchObject({ spares: 0, sparesStarting: 1 });
    const first = run(fakes, p.query({ prompt: 'a', options: { model: 'opus' } }));
    expect(switched).toEqual([{ spareStart: 'prewarm', retired: 0 }]);
    expect((await first).filter((m) => m.type === 'result')).toHaveLength(1);
    expect(admitted).toEqual([false]);
    await until(() => p.stats().spares === 1 && fakes.clis.some((_, i) => awaitsClaim(fakes, i) === true));
    const startupSpare = fakes.clis.find(
      (_, i) => awaitsClaim(fakes, i) === false && fakes.clis[i]?.prompts.length === 0,
    );
    expect(startupSpare?.state.closed).toBe(true);
    await p.close();
    expect(fakes.live()).toEqual([]);
  });

  it("explicit 'startup' and 'prewarm' never switch", async () => {
    for (const spareStart of ['startup', 'prewarm'] as const) {
      const fakes = fakeCliContainer();
      const { pool: p, admitted, switched } = pool(fakes, { spareStart });
      await until(() => p.stats().spares === 1);
      expect(awaitsClaim(fakes, 0)).toBe(spareStart === 'prewarm');
      await run(fakes, p.query({ prompt: 'a', options: { model: 'opus' } }));
      expect(admitted).toEqual([spareStart === 'prewarm']);
      expect(switched).toEqual([]);
      expect(p.stats().spareStart).toBe(spareStart);
      if (spareStart === 'startup') expect(fakes.clis[0]?.state.closed).toBe(false);
      await p.close();
      expect(fakes.live()).toEqual([]);
    }
  });

  it("with recycle, 'auto' is 'startup' for good: a query that does not fit starts cold, the spare stays", async () => {
    const fakes = fakeCliContainer();
    const { pool: p, admitted, switched } = pool(fakes, { recycle: true });
    await until(() => p.stats().spares === 1);
    expect(awaitsClaim(fakes, 0)).toBe(false);
    await run(fakes, p.query({ prompt: 'a', options: { model: 'opus' } }));
    expect(admitted).toEqual([false]);
    expect(switched).toEqual([]);
    expect(p.stats()).toMatchObject({ spareStart: 'startup', spares: 1 });
    expect(fakes.clis[0]?.state.closed).toBe(false);
    await p.close();
    expect(fakes.live()).toEqual([]);
  });

  it("accepts 'auto' explicitly", async () => {
    const fakes = fakeCliContainer();
    const { pool: p } = pool(fakes, { spareStart: 'auto' });
    await until(() => p.stats().spares === 1);
    expect(p.stats().spareStart).toBe('startup');
    await p.close();
  });
});
