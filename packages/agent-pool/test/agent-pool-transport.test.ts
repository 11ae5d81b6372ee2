/**
 * The `transport` option in an agent pool: the profile's serves every CLI the pool starts (spares
 * included), a query's own serves that query, and either way the pool still tracks the CLI
 * (admission, release). What it refuses fails typed, and frees the slot.
 */
import type { TransportFactory } from '@hexagent/core';
import { createContainer, InvalidOptionError, type SDKMessage } from '@hexagent/sdk';
import { fakeCliWiring } from '@hexagent/testing';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { createAgentPool } from '../src/index.js';
import { fakeCliContainer, fakeMeasure, launchFlag, PidFakeCli, settle } from './pool-test-kit.js';

/** Above any kernel's pid_max, apart from the kit's. */
const PID_BASE = 95_000_000;

function pidFakeFactory(): { factory: TransportFactory; clis: PidFakeCli[] } {
  const clis: PidFakeCli[] = [];
  const factory: TransportFactory = (launch) => {
    const cli = new PidFakeCli(PID_BASE + clis.length, launch);
    clis.push(cli);
    return cli;
  };
  return { factory, clis };
}

function containerThatMustNotBeUsed() {
  return fakeCliWiring(createContainer).containerWith(() => {
    throw new Error('the container factory was used instead of options.transport');
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

async function drain(q: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const message of q) out.push(message);
  return out;
}

describe('createAgentPool with options.transport', () => {
  it("the profile's transport runs every query's CLI; the pool tracks each (pid, slot) and frees it", async () => {
    const { factory, clis } = pidFakeFactory();
    const pool = createAgentPool(
      { maxConcurrent: 1, memoryBudgetMb: 1000, measureProcessTrees: fakeMeasure(), options: { transport: factory } },
      containerThatMustNotBeUsed(),
    );
    const spawned: Array<number | undefined> = [];
    pool.on('spawned', (event) => spawned.push(event.pid));
    const runs = [drain(pool.query({ prompt: 'one' })), drain(pool.query({ prompt: 'two' }))];
    await waitFor(() => clis[0]?.state.started === true);
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1 });
    clis[0]?.answer('first');
    await waitFor(() => clis[1]?.state.started === true);
    clis[1]?.answer('second');
    const [first, second] = await Promise.all(runs);
    expect(first?.some((m) => m.type === 'result')).toBe(true);
    expect(second?.some((m) => m.type === 'result')).toBe(true);
    expect(spawned).toEqual([PID_BASE, PID_BASE + 1]);
    await settle();
    expect(pool.stats()).toMatchObject({ busy: 0, admitted: 2 });
    await pool.close();
  });

  it("the profile's transport starts the parked spares too", async () => {
    const { factory, clis } = pidFakeFactory();
    const pool = createAgentPool(
      {
        maxConcurrent: 1,
        memoryBudgetMb: 1000,
        spares: 1,
        spareStart: 'prewarm',
        measureProcessTrees: fakeMeasure(),
        options: { transport: factory, cwd: '/parking' },
      },
      containerThatMustNotBeUsed(),
    );
    const spawned: Array<{ kind: string; pid: number | undefined }> = [];
    pool.on('spawned', (event) => spawned.push({ kind: event.kind, pid: event.pid }));
    await waitFor(() => clis[0]?.state.started === true && spawned.length === 1);
    expect(clis[0] && launchFlag(clis[0].launch, 'await-claim')).toBe(true);
    expect(spawned).toEqual([{ kind: 'spare', pid: PID_BASE }]);
    await pool.close();
    expect(clis[0]?.state.closed).toBe(true);
  });

  it("a query's own transport runs that query (cold), tracked like the others", async () => {
    const fakes = fakeCliContainer();
    const own = pidFakeFactory();
    const pool = createAgentPool(
      { maxConcurrent: 2, memoryBudgetMb: 1000, measureProcessTrees: fakeMeasure() },
      fakes.container,
    );
    const mine = drain(pool.query({ prompt: 'remote', options: { transport: own.factory, model: 'm' } }));
    const theirs = drain(pool.query({ prompt: 'local' }));
    await waitFor(() => own.clis[0]?.state.started === true && fakes.clis[0]?.state.started === true);
    expect(own.clis).toHaveLength(1);
    expect(own.clis[0] && launchFlag(own.clis[0].launch, 'model')).toBe('m');
    expect(fakes.clis).toHaveLength(1);
    expect(pool.stats().busy).toBe(2);
    own.clis[0]?.answer();
    fakes.clis[0]?.answer();
    await Promise.all([mine, theirs]);
    await settle();
    expect(pool.stats().busy).toBe(0);
    await pool.close();
  });

  it('refuses a Transport instance: in the profile at creation, per query in its messages (the slot freed)', async () => {
    const instance = new PidFakeCli(PID_BASE + 99, buildTransportLaunch({}));
    expect(() =>
      createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000, options: { transport: instance as never } }),
    ).toThrow(InvalidOptionError);
    const fakes = fakeCliContainer();
    const pool = createAgentPool({ maxConcurrent: 1, memoryBudgetMb: 1000 }, fakes.container);
    const error = await drain(pool.query({ prompt: 'x', options: { transport: instance as never } })).catch(
      (thrown: unknown) => thrown,
    );
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ option: 'transport' });
    expect(instance.state.started).toBe(false);
    expect(pool.stats().busy).toBe(0);
    await pool.close();
  });
});
