import type { InboundMessage } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { PoolRecycleError } from '../src/pool-recycle-error.js';
import { type ClearBehaviour, fakeCliContainer } from './pool-test-kit.js';
import { collect, parked, prompted, recorded, recyclingPool } from './recycle-kit.js';

/** `recycle` under faults: every one ends with the CLI closed, its place freed, and nothing left running. */
describe('AgentPool: recycle faults', () => {
  it('a recycled CLI that exits while parked leaves the shelf; its place is refilled', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes);
    const released = recorded(pool, 'released');
    await parked(pool);
    await collect(pool.query({ prompt: 'one' }));
    await expect.poll(() => pool.stats().recycled).toBe(1);
    fakes.clis[0]?.finish();
    await expect.poll(() => released.length).toBe(1);
    expect(released[0]).toMatchObject({ kind: 'spare', pid: fakes.clis[0]?.pid });
    // A fresh spare takes the place; the next query runs on it.
    await fakes.created(2);
    await parked(pool);
    const next = await collect(pool.query({ prompt: 'two' }));
    expect(next.at(-1)).toMatchObject({ result: 'answer: two' });
    expect(fakes.clis[1]?.prompts[0]).toBe('two');
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a query that claims a recycled CLI which has just exited starts cold instead', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes);
    const refused = recorded(pool, 'claimRefused');
    await parked(pool);
    await collect(pool.query({ prompt: 'one' }));
    await expect.poll(() => pool.stats().recycled).toBe(1);
    // The CLI exits and a query comes in the same tick, before the pool has released it.
    fakes.clis[0]?.finish();
    const next = await collect(pool.query({ prompt: 'two' }));
    expect(next.at(-1)).toMatchObject({ result: 'answer: two' });
    expect(refused).toHaveLength(1);
    expect(refused[0]?.fellBack).toBe(true);
    expect(fakes.clis[0]?.prompts).toEqual(['one', '/clear']);
    expect(fakes.clis[1]?.prompts[0]).toBe('two');
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it.each<[string, ClearBehaviour | 'tasks' | 'mode', RegExp]>([
    ['exits during /clear', 'exit', /exited during \/clear/],
    ['does not answer /clear within resetTimeoutMs', 'silent', /did not answer \/clear within 50 ms/],
    ['answers /clear without a conversation_reset', 'no-reset', /no conversation_reset came/],
    ['still runs a background task after /clear', 'tasks', /background tasks still run \(bash_1\)/],
    ['reports another permission mode after /clear', 'mode', /the permissionMode changed \(default -> plan\)/],
  ])('a CLI that %s is closed (recycleFailed); its query had ended normally', async (_name, behaviour, message) => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = behaviour !== 'mode';
      if (behaviour === 'tasks')
        cli.backgroundTasks = [{ task_id: 'bash_1', task_type: 'local_bash', description: 'x' }];
      else if (behaviour !== 'mode') cli.clear = behaviour;
    });
    const pool = recyclingPool(fakes, { recycle: { resetTimeoutMs: 50 } });
    const failed = recorded(pool, 'recycleFailed');
    await parked(pool);
    const q = pool.query({ prompt: 'one', key: 'k' });
    if (behaviour === 'mode') {
      const cli = fakes.clis[0];
      await prompted(cli, 'one');
      cli?.turn();
      // As after a plan-mode exit during the turn: the mode is process state that /clear keeps.
      if (cli !== undefined) cli.permissionMode = 'plan';
    }
    const messages = await collect(q);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    await expect.poll(() => failed.length).toBe(1);
    expect(failed[0]).toMatchObject({ pid: fakes.clis[0]?.pid, key: 'k' });
    expect(PoolRecycleError.isInstance(failed[0]?.error)).toBe(true);
    expect(failed[0]?.error.message).toMatch(message);
    await expect.poll(() => fakes.clis[0]?.state.closed || fakes.clis[0]?.state.exited).toBe(true);
    // Its place went to a fresh spare; nothing else is reserved.
    await fakes.created(2);
    await parked(pool);
    expect(pool.stats()).toMatchObject({ busy: 0, recycled: 0, memory: { reservedMb: 200 } });
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('a parked CLI that writes a message is closed', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes);
    await parked(pool);
    await collect(pool.query({ prompt: 'one' }));
    await expect.poll(() => pool.stats().recycled).toBe(1);
    fakes.clis[0]?.emit({ type: 'system', subtype: 'task_notification', session_id: 's' } as unknown as InboundMessage);
    await expect.poll(() => fakes.clis[0]?.state.closed).toBe(true);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });

  it('close() during a turn stops the CLI (not recycled), during /clear and while parked closes it', async () => {
    for (const phase of ['turn', 'reset', 'parked'] as const) {
      const fakes = fakeCliContainer((cli) => {
        cli.answerPrompts = phase !== 'turn';
        if (phase === 'reset') cli.clear = 'silent';
      });
      const pool = recyclingPool(fakes);
      const failed = recorded(pool, 'recycleFailed');
      await parked(pool);
      const running = collect(pool.query({ prompt: 'one' })).catch((e: unknown) => e);
      if (phase === 'turn') await prompted(fakes.clis[0], 'one');
      else {
        await running;
        if (phase === 'reset') await prompted(fakes.clis[0], '/clear');
        else await expect.poll(() => pool.stats().recycled).toBe(1);
      }
      await pool.close({ deadlineMs: 50 });
      expect(fakes.live()).toEqual([]);
      expect(failed).toEqual([]);
      expect(pool.stats()).toMatchObject({ busy: 0, spares: 0, sparesStarting: 0 });
      expect(pool.stats().memory.reservedMb).toBe(0);
      if (phase === 'turn') expect(fakes.clis[0]?.prompts).toEqual(['one']);
    }
  });

  it('sends /clear as a command to a verbatimPrompts profile, whose prompts stay verbatim', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes, { options: { cwd: '/srv/app', verbatimPrompts: true } });
    await parked(pool);
    await collect(pool.query({ prompt: 'one' }));
    await expect.poll(() => pool.stats().recycled).toBe(1);
    const users = fakes.clis[0]?.sent.filter((m) => m.type === 'user') ?? [];
    expect(users[0]).toMatchObject({ client_composed: true });
    expect(users[1]).toMatchObject({ message: { content: '/clear' } });
    expect(users[1]).not.toHaveProperty('client_composed');
    await pool.close();
  });
});
