import { ResultError, type SDKMessage } from '@hexagent/sdk';
import { resultMessage } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import { fakeCliContainer, fakeMeasure, launchFlag } from './pool-test-kit.js';
import { collect, noResetMessages, parked, prompted, recorded, recyclingPool } from './recycle-kit.js';

/** `recycle` over the fake CLI: the CLI of a finished query is reset with `/clear`, parked, and serves the next. */
describe('AgentPool: recycle', () => {
  it("recycles a query's CLI: /clear, parked, and the next query runs on it as a new conversation", async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes);
    const recycled = recorded(pool, 'recycled');
    const claimed = recorded(pool, 'claimed');
    await parked(pool);
    const first = await collect(pool.query({ prompt: 'one' }));
    // It ends after its result, as a string-prompt query() does, and sees none of the /clear turn.
    expect(first.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
    expect(first[0]).toMatchObject({ subtype: 'init', session_id: 'sess-pool' });
    await expect.poll(() => pool.stats().recycled).toBe(1);
    const cli = fakes.clis[0];
    // recycle makes the spares 'startup' ones: started with the profile, no --await-claim.
    expect(cli && launchFlag(cli.launch, 'await-claim')).toBeUndefined();
    expect(cli?.prompts).toEqual(['one', '/clear']);
    expect(cli?.state).toMatchObject({ inputEnded: false, closed: false });
    expect(pool.stats()).toMatchObject({ spares: 1, sparesStarting: 0, busy: 0, recycled: 1 });
    expect(recycled).toEqual([{ pid: cli?.pid, key: undefined, uses: 1 }]);

    const second = await collect(pool.query({ prompt: 'two' }));
    expect(second.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
    expect(second[0]).toMatchObject({ subtype: 'init', session_id: 'sess-pool-2' });
    expect(second.at(-1)).toMatchObject({ result: 'answer: two', session_id: 'sess-pool-2' });
    expect(noResetMessages([...first, ...second])).toBe(true);
    // One CLI served both (no refill while its CLI was expected back).
    expect(fakes.clis).toHaveLength(1);
    expect(cli?.prompts).toEqual(['one', '/clear', 'two', '/clear']);
    expect(claimed).toEqual([
      { pid: cli?.pid, key: undefined, recycled: false },
      { pid: cli?.pid, key: undefined, recycled: true },
    ]);
    await expect.poll(() => pool.stats().recycled).toBe(2);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a cold query’s CLI is recycled too; one coming back to a full spare allowance ends as usual', async () => {
    const fakes = fakeCliContainer();
    const pool = recyclingPool(fakes, { maxConcurrent: 2 });
    await parked(pool);
    const a = collect(pool.query({ prompt: 'a' }));
    const b = collect(pool.query({ prompt: 'b' }));
    await prompted(fakes.clis[1], 'b');
    // Both CLIs may come back: no fresh spare is started meanwhile.
    expect(pool.stats()).toMatchObject({ busy: 2, spares: 0, sparesStarting: 0 });
    fakes.clis[1]?.turn();
    await b;
    await parked(pool);
    expect(pool.stats()).toMatchObject({ busy: 1 });
    await prompted(fakes.clis[0], 'a');
    fakes.clis[0]?.turn();
    expect((await a).at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    // The allowance (1) holds the cold CLI: this one ended as a query's CLI ends, without /clear.
    await expect.poll(() => fakes.clis[0]?.state.closed).toBe(true);
    expect(fakes.clis[0]?.prompts).toEqual(['a']);
    expect(fakes.clis[0]?.state.inputEnded).toBe(true);
    expect(pool.stats()).toMatchObject({ spares: 1, busy: 0, recycled: 1 });
    const c = collect(pool.query({ prompt: 'c' }));
    await prompted(fakes.clis[1], 'c');
    fakes.clis[1]?.turn();
    await c;
    expect(fakes.clis).toHaveLength(2);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a recycled CLI serves only the key it served last; another key starts its own CLI', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes, { spares: 2 });
    await parked(pool, 2);
    const admitted = recorded(pool, 'claimed');
    await collect(pool.query({ prompt: 'a1', key: 'a' }));
    await expect.poll(() => pool.stats().recycled).toBe(1);
    const tenantA = fakes.clis.find((cli) => cli.prompts.includes('a1'));
    // Tenant b takes the fresh spare, not a's recycled CLI; undefined is a key of its own.
    await collect(pool.query({ prompt: 'b1', key: 'b' }));
    expect(tenantA?.prompts).not.toContain('b1');
    await collect(pool.query({ prompt: 'a2', key: 'a' }));
    expect(tenantA?.prompts).toEqual(['a1', '/clear', 'a2', '/clear']);
    await collect(pool.query({ prompt: 'none' }));
    expect(tenantA?.prompts).not.toContain('none');
    expect(admitted.map((e) => [e.key, e.recycled])).toEqual([
      ['a', false],
      ['b', false],
      ['a', true],
    ]);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a CLI serves maxQueriesPerCli queries, then ends as usual', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes, { recycle: { maxQueriesPerCli: 2 } });
    const recycled = recorded(pool, 'recycled');
    await parked(pool);
    await collect(pool.query({ prompt: 'q1' }));
    await parked(pool);
    await collect(pool.query({ prompt: 'q2' }));
    const first = fakes.clis[0];
    await expect.poll(() => first?.state.closed).toBe(true);
    expect(first?.prompts).toEqual(['q1', '/clear', 'q2']);
    expect(recycled.map((e) => e.uses)).toEqual([1]);
    // Its release refills the shelf with a fresh spare, which the third query takes.
    await parked(pool);
    await collect(pool.query({ prompt: 'q3' }));
    expect(fakes.clis[1]?.prompts[0]).toBe('q3');
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a CLI whose measured memory no longer fits the budget is not parked', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes, {
      memoryBudgetMb: 250,
      estimateMbPerCli: 100,
      sampleIntervalMs: 5,
      measureProcessTrees: fakeMeasure(() => 300),
    });
    await parked(pool);
    await expect.poll(() => pool.stats().memory.reservedMb).toBe(300);
    await collect(pool.query({ prompt: 'big' }));
    await expect.poll(() => fakes.clis[0]?.state.closed).toBe(true);
    expect(fakes.clis[0]?.prompts).toEqual(['big']);
    expect(pool.stats().recycled).toBe(0);
    await pool.close();
  });

  it('closes a recycled CLI of another key when a waiting query needs its memory', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes, { memoryBudgetMb: 150, estimateMbPerCli: 100 });
    await parked(pool);
    await collect(pool.query({ prompt: 'a1', key: 'a' }));
    await expect.poll(() => pool.stats().recycled).toBe(1);
    // b cannot use a's CLI, and a cold CLI beside it would overrun the budget: a's CLI is closed.
    const b = await collect(pool.query({ prompt: 'b1', key: 'b' }));
    expect(b.at(-1)).toMatchObject({ result: 'answer: b1' });
    expect(fakes.clis[0]?.state.closed).toBe(true);
    expect(fakes.clis[1]?.prompts[0]).toBe('b1');
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a failed turn on a kept CLI ends its query with a ResultError after the result, as query() does', async () => {
    const fakes = fakeCliContainer();
    const pool = recyclingPool(fakes);
    await parked(pool);
    const run = pool.query({ prompt: 'fail' });
    const seen: SDKMessage[] = [];
    const ended = (async () => {
      for await (const message of run) seen.push(message);
    })().catch((error: unknown) => error);
    const cli = fakes.clis[0];
    await prompted(cli, 'fail');
    cli?.init();
    const failed = resultMessage({
      is_error: true,
      result: 'API Error: 400 bad request',
      session_id: cli?.sessionId,
      uuid: '00000000-0000-4000-8000-0000000000aa',
    });
    cli?.emit(failed);
    const error = await ended;
    expect(ResultError.isInstance(error)).toBe(true);
    expect((error as ResultError).message).toBe('Claude Code returned an error result: API Error: 400 bad request');
    expect((error as ResultError).exitCode).toBeUndefined();
    expect(seen.at(-1)).toEqual(failed);
    // The CLI itself is fine: it is reset and parked for the next query.
    await expect.poll(() => pool.stats().recycled).toBe(1);
    await pool.close();
  });

  it('without recycle a startup spare’s query ends its CLI as before', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes, { recycle: false, spareStart: 'startup' });
    await parked(pool);
    await collect(pool.query({ prompt: 'plain' }));
    await expect.poll(() => fakes.clis[0]?.state.closed).toBe(true);
    expect(fakes.clis[0]?.prompts).toEqual(['plain']);
    expect(pool.stats().recycled).toBe(0);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });
});
