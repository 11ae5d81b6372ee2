/**
 * The default `spareStart: 'auto'` on the REAL CLI against the scripted model: a query a startup
 * spare cannot serve (another cwd) starts cold and switches the pool to prewarm spares; the parked
 * startup spare's process ends, and the next such query claims the prewarm spare that replaced it.
 */
import { existsSync } from 'node:fs';
import type { SDKMessage } from '@hexagent/sdk';
import { byPrompt, collect, results, TestScope, text } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentPool } from '../../src/index.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

const initCwd = (messages: SDKMessage[]) => {
  const init = messages.find((m) => m.type === 'system' && m.subtype === 'init');
  return init && 'cwd' in init ? init.cwd : undefined;
};

describe("createAgentPool's default spareStart ('auto') on the real CLI", () => {
  it('a query with another cwd switches to prewarm spares; the next such query claims one warm', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        'first elsewhere': { content: [text('first done')] },
        'second elsewhere': { content: [text('second done')] },
      }),
    );
    const profileCwd = scope.tempDir('pool-auto-');
    const first = scope.tempDir('pool-auto-first-');
    const second = scope.tempDir('pool-auto-second-');
    const pool = createAgentPool({
      options: { env: harness.env, cwd: profileCwd },
      spares: 1,
      maxConcurrent: 2,
      memoryBudgetMb: 3072,
    });
    const spawned: Array<{ kind: string; pid: number | undefined }> = [];
    const released = new Set<number>();
    const admitted: boolean[] = [];
    const switched: unknown[] = [];
    pool.on('spawned', (event) => spawned.push(event));
    pool.on('released', (event) => event.pid !== undefined && released.add(event.pid));
    pool.on('admitted', (event) => admitted.push(event.fromSpare));
    pool.on('spareStartSwitched', (event) => switched.push(event));
    await expect.poll(() => pool.stats().spares, { timeout: 60_000 }).toBe(1);
    expect(pool.stats().spareStart).toBe('startup');
    const startupPid = spawned[0]?.pid;
    expect(startupPid).toBeTypeOf('number');

    const cold = await collect(pool.query({ prompt: 'first elsewhere', options: { cwd: first } }));
    expect(results(cold).at(-1)).toMatchObject({ subtype: 'success', result: 'first done' });
    expect(initCwd(cold)).toBe(first);
    expect(switched).toEqual([{ spareStart: 'prewarm', retired: 1 }]);
    expect(pool.stats().spareStart).toBe('prewarm');
    // The retired startup spare's process ended, and a prewarm spare took its place.
    await expect.poll(() => released.has(startupPid as number), { timeout: 30_000 }).toBe(true);
    expect(existsSync(`/proc/${startupPid}`)).toBe(false);
    await expect.poll(() => pool.stats().spares, { timeout: 60_000 }).toBe(1);

    const warm = await collect(pool.query({ prompt: 'second elsewhere', options: { cwd: second } }));
    expect(results(warm).at(-1)).toMatchObject({ subtype: 'success', result: 'second done' });
    expect(initCwd(warm)).toBe(second);
    expect(admitted).toEqual([false, true]);
    expect(pool.stats().spareStart).toBe('prewarm');
    const pids = spawned.map((event) => event.pid).filter((pid): pid is number => pid !== undefined);
    await pool.close({ deadlineMs: 5000 });
    for (const pid of pids) expect(existsSync(`/proc/${pid}`), `pid ${pid} is gone`).toBe(false);
  });
});
