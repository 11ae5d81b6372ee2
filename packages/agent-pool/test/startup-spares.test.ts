import { InvalidOptionError } from '@hexagent/core';
import type { SDKMessage } from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import { createAgentPool } from '../src/create-agent-pool.js';
import { fakeCliContainer, flagsOf, launchFlag, settle } from './pool-test-kit.js';

/** The pool's `spareStart: 'startup'` spares, over the fake CLI (the real spare source, not a stand-in). */
describe("AgentPool: spareStart 'startup'", () => {
  async function run(fakes: ReturnType<typeof fakeCliContainer>, q: AsyncIterable<SDKMessage>) {
    const out: SDKMessage[] = [];
    const reading = (async () => {
      for await (const m of q) out.push(m);
    })();
    for (let i = 0; i < 30 && !out.some((m) => m.type === 'result'); i++) {
      await settle();
      for (const cli of fakes.live()) if (cli.sent.some((m) => m.type === 'user') && !cli.state.closed) cli.answer();
    }
    await reading;
    return out;
  }

  const controlSubtypes = (sent: readonly { type: string }[]) =>
    sent
      .filter((m) => m.type === 'control_request')
      .map((m) => (m as unknown as { request: { subtype: string } }).request.subtype);

  it('starts the spare with the profile through initialize; the prompt is the first thing it is sent', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      {
        options: { cwd: '/srv/app', model: 'sonnet' },
        spares: 1,
        spareStart: 'startup',
        maxConcurrent: 1,
        memoryBudgetMb: 10_000,
      },
      fakes.container,
    );
    await fakes.created(1);
    await settle(30);
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0 });
    const spareCli = fakes.clis[0];
    expect(spareCli?.launch.cwd).toBe('/srv/app');
    expect(flagsOf(spareCli, 'model', 'await-claim')).toEqual(['sonnet', undefined]);
    expect(controlSubtypes(spareCli?.sent ?? [])).toEqual(['initialize']);

    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    // Options equal to the profile's (cwd, model) still fit.
    const messages = await run(fakes, pool.query({ prompt: 'hi', options: { cwd: '/srv/app', model: 'sonnet' } }));
    expect(messages.filter((m) => m.type === 'result')).toHaveLength(1);
    expect(admitted).toEqual([true]);
    // No claim: after initialize the CLI got the user message and nothing else before it.
    const afterInit = spareCli?.sent.filter((m) => m.type !== 'control_request') ?? [];
    expect(afterInit[0]).toMatchObject({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    });
    expect(controlSubtypes(spareCli?.sent ?? [])).not.toContain('claim_session');
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a query asking for another cwd or model starts cold and leaves the spare parked', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      { options: { cwd: '/srv/app' }, spares: 1, spareStart: 'startup', maxConcurrent: 2, memoryBudgetMb: 10_000 },
      fakes.container,
    );
    await fakes.created(1);
    await settle(30);
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    const otherCwd = await run(fakes, pool.query({ prompt: 'a', options: { cwd: '/srv/other' } }));
    const otherModel = await run(fakes, pool.query({ prompt: 'b', options: { model: 'opus' } }));
    expect([otherCwd, otherModel].map((ms) => ms.filter((m) => m.type === 'result').length)).toEqual([1, 1]);
    expect(admitted).toEqual([false, false]);
    expect(fakes.clis.slice(1).map((cli) => [cli.launch.cwd, launchFlag(cli.launch, 'model')])).toEqual([
      ['/srv/other', undefined],
      ['/srv/app', 'opus'],
    ]);
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0 });
    // The parked spare was never sent a prompt.
    expect(fakes.clis[0]?.sent.some((m) => m.type === 'user')).toBe(false);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it("without a profile cwd, a query's cwd fits when it is this process's working directory", async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      { spares: 1, spareStart: 'startup', maxConcurrent: 1, memoryBudgetMb: 10_000 },
      fakes.container,
    );
    await fakes.created(1);
    await settle(30);
    const admitted: boolean[] = [];
    pool.on('admitted', (e) => admitted.push(e.fromSpare));
    await run(fakes, pool.query({ prompt: 'hi', options: { cwd: process.cwd() } }));
    expect(admitted).toEqual([true]);
    await pool.close();
  });

  it('a parked spare whose CLI exits leaves the shelf and is replaced', async () => {
    const fakes = fakeCliContainer();
    const pool = createAgentPool(
      { spares: 1, spareStart: 'startup', spareRefillDelayMs: 0, maxConcurrent: 1, memoryBudgetMb: 10_000 },
      fakes.container,
    );
    await fakes.created(1);
    await settle(30);
    fakes.clis[0]?.finish();
    await fakes.created(2);
    await settle(30);
    expect(pool.stats()).toMatchObject({ spares: 1 });
    expect(fakes.live()).toHaveLength(1);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('refuses an unknown spareStart', () => {
    expect(() =>
      createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 100, spareStart: 'eager' as unknown as 'startup' }),
    ).toThrow(InvalidOptionError);
  });
});
