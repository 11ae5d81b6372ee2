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

describe('AgentPool: recycle, a caller that leaves at its result', () => {
  it('a break at the result while the run goes on does not stop the CLI: the next query waits for it, recycled at the run’s end', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = false;
    });
    const pool = recyclingPool(fakes, { options: profile });
    await parked(pool);
    const cli = fakes.clis[0];
    const seen: string[] = [];
    const run = (async () => {
      for await (const message of pool.query({ prompt: 'one' })) {
        seen.push(message.type);
        if (message.type === 'result') break;
      }
    })();
    await prompted(cli, 'one');
    cli?.emitSessionState('running');
    cli?.turn('done, still running');
    await run;
    expect(seen).toEqual(['system', 'assistant', 'result']);
    // The caller is gone and the CLI still runs (no idle yet): not stopped, not reset yet.
    expect(cli?.state.closed).toBe(false);
    expect(cli?.prompts).toEqual(['one']);
    // The next query comes while that CLI is on its way back: it waits for it (no cold start).
    const second = pool.query({ prompt: 'two' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.stats()).toMatchObject({ queued: 1 });
    expect(fakes.clis).toHaveLength(1);
    cli?.emitSessionState('idle');
    await expect.poll(() => pool.stats().recycled).toBe(1);
    await prompted(cli, 'two');
    expect(cli?.prompts).toEqual(['one', '/clear', 'two']);
    cli?.turn('answer two');
    const types: string[] = [];
    for await (const message of second) types.push(message.type);
    expect(types).toEqual(['system', 'assistant', 'result']);
    expect(fakes.clis).toHaveLength(1);
    await pool.close();
    expect(fakes.live()).toEqual([]);
  });
});
