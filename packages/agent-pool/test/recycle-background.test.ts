/**
 * `recycle` when a turn's run outlives its `result` (a background subagent wakes the main agent for
 * a follow-up turn), over the fake CLI reporting its state as 2.1.332 does: the query yields the
 * follow-up too, and the pool sends `/clear` only once the CLI is idle. The follow-up's messages
 * and the idle come in one tick, so the turn must end after the pump has handed on every message
 * the session had at the run's end (`Session.waitForRunEnd`'s count), not when its promise settles.
 */
import type { Options } from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import { fakeCliContainer } from './pool-test-kit.js';
import { collect, noResetMessages, parked, prompted, recyclingPool } from './recycle-kit.js';

/** A profile that needs the SDK after a result (a permission callback), so the pool waits for idle. */
const profile: Options = {
  cwd: '/srv/app',
  model: 'sonnet',
  canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }),
};

describe('AgentPool: recycle, a run that goes on after its result', () => {
  it('yields the follow-up turn, and resets the CLI only after the CLI is idle', async () => {
    const fakes = fakeCliContainer();
    const pool = recyclingPool(fakes, { options: profile });
    await parked(pool);
    const run = collect(pool.query({ prompt: 'one' }));
    const cli = fakes.clis[0];
    await prompted(cli, 'one');
    cli?.emitSessionState('running');
    cli?.turn('started it, waiting');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cli?.prompts).toEqual(['one']);
    // The subagent finished: the follow-up turn, then idle, all at once.
    cli?.init();
    cli?.answer('answer=42');
    cli?.emitSessionState('idle');
    const messages = await run;
    expect(messages.filter((m) => m.type === 'result').map((m) => (m as { result?: unknown }).result)).toEqual([
      'started it, waiting',
      'answer=42',
    ]);
    expect(noResetMessages(messages)).toBe(true);
    await expect.poll(() => pool.stats().recycled).toBe(1);
    expect(cli?.prompts).toEqual(['one', '/clear']);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });
});
