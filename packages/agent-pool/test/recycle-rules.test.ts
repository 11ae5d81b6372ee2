import { AbortError, InvalidOptionError, type SDKUserMessage } from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import { describe, expect, it } from 'vitest';
import type { AgentPool } from '../src/agent-pool.js';
import type { PoolQueryOptions } from '../src/pool-query-options.js';
import { recycleSettingsOf } from '../src/recycle-rules.js';
import { fakeCliContainer, type PidFakeCli } from './pool-test-kit.js';
import { collect, parked, prompted, recyclingPool } from './recycle-kit.js';

/** Which queries' CLIs `recycle` keeps: every rule, one at a time, over the fake CLI. */
describe('AgentPool: which queries are recycled', () => {
  /** Runs `prompt` on a pool whose spare is parked; `during` acts while its turn runs. */
  async function runOne(
    options: {
      prompt?: string;
      perCall?: PoolQueryOptions;
      during?: (q: Query, cli: PidFakeCli | undefined) => Promise<unknown>;
    } = {},
    settings: Parameters<typeof recyclingPool>[1] = {},
  ): Promise<{ pool: AgentPool; cli: PidFakeCli | undefined; outcome: unknown }> {
    const fakes = fakeCliContainer();
    const pool = recyclingPool(fakes, settings);
    await parked(pool);
    const prompt = options.prompt ?? 'go';
    const q = pool.query({ prompt, ...(options.perCall !== undefined && { options: options.perCall }) });
    const running = collect(q).then(
      (messages) => messages,
      (error: unknown) => error,
    );
    const cli = await (async () => {
      for (let i = 0; i < 400; i++) {
        const found = fakes.clis.find((c) => c.prompts.includes(prompt));
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 5));
      }
      return undefined;
    })();
    await options.during?.(q, cli);
    if (cli !== undefined && !cli.state.closed && !cli.state.exited) cli.turn();
    const outcome = await running;
    // Settle: a kept CLI runs its /clear, any other ends.
    await expect.poll(() => cli?.prompts.includes('/clear') === true || cli?.state.closed === true).toBe(true);
    return { pool, cli, outcome };
  }

  const wasRecycled = async (pool: AgentPool, cli: PidFakeCli | undefined) => {
    if (cli?.prompts.includes('/clear') === true) await expect.poll(() => pool.stats().recycled).toBe(1);
    return cli?.prompts.includes('/clear') === true && !cli.state.closed;
  };

  it('a string prompt with the profile as it is (options equal to the profile’s included) is recycled', async () => {
    const { pool, cli } = await runOne({ perCall: { cwd: '/srv/app', model: 'sonnet' } });
    expect(await wasRecycled(pool, cli)).toBe(true);
    await pool.close();
  });

  it('a streamed prompt is not: its CLI ends as before', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes);
    await parked(pool);
    async function* stream(): AsyncGenerator<SDKUserMessage> {
      yield { type: 'user', message: { role: 'user', content: 'streamed' }, parent_tool_use_id: null, session_id: '' };
    }
    const messages = await collect(pool.query({ prompt: stream() }));
    expect(messages.at(-1)).toMatchObject({ type: 'result' });
    await expect.poll(() => fakes.clis[0]?.state.closed).toBe(true);
    expect(fakes.clis[0]?.prompts).toEqual(['streamed']);
    expect(pool.stats().recycled).toBe(0);
    await pool.close();
  });

  it.each([
    ['a claimable option that differs from the profile', { model: 'opus' }],
    ['an option a spare cannot take', { maxTurns: 3 }],
  ])('%s is not: it starts its own CLI, which ends as before', async (_name, perCall) => {
    const { pool, cli } = await runOne({ perCall });
    expect(await wasRecycled(pool, cli)).toBe(false);
    expect(cli?.pid).not.toBe(90_000_000);
    expect(cli?.state.inputEnded).toBe(true);
    await pool.close();
  });

  it.each([
    ['setModel', (q: Query) => q.setModel('opus')],
    ['setPermissionMode', (q: Query) => q.setPermissionMode('plan')],
    ['applyFlagSettings', (q: Query) => q.applyFlagSettings({ model: 'opus' })],
    ['interrupt', (q: Query) => q.interrupt()],
  ])('%s() during the turn taints the CLI: not recycled', async (_name, control) => {
    const { pool, cli, outcome } = await runOne({ during: control });
    expect(Array.isArray(outcome)).toBe(true);
    expect(await wasRecycled(pool, cli)).toBe(false);
    expect(cli?.state.inputEnded).toBe(true);
    await pool.close();
  });

  it.each([
    ['accountInfo', (q: Query) => q.accountInfo()],
    ['supportedCommands', (q: Query) => q.supportedCommands()],
    ['initializationResult', (q: Query) => q.initializationResult()],
  ])('%s() (read-only) leaves it recyclable', async (_name, control) => {
    const { pool, cli } = await runOne({ during: control });
    expect(await wasRecycled(pool, cli)).toBe(true);
    await pool.close();
  });

  it('a caller that leaves before the result stops the CLI: not recycled', async () => {
    const { pool, cli, outcome } = await runOne({ during: (q) => q.return() });
    expect(outcome).toEqual([]);
    expect(cli?.state.closed).toBe(true);
    expect(cli?.prompts).toEqual(['go']);
    expect(pool.stats()).toMatchObject({ busy: 0, recycled: 0 });
    await pool.close();
  });

  it('an abort mid-turn stops the CLI with AbortError: not recycled', async () => {
    const fakes = fakeCliContainer();
    const pool = recyclingPool(fakes);
    await parked(pool);
    const controller = new AbortController();
    const running = collect(pool.query({ prompt: 'go', signal: controller.signal })).catch((e: unknown) => e);
    await prompted(fakes.clis[0], 'go');
    controller.abort();
    expect(AbortError.isInstance(await running)).toBe(true);
    await expect.poll(() => fakes.clis[0]?.state.closed).toBe(true);
    expect(fakes.clis[0]?.prompts).toEqual(['go']);
    expect(pool.stats()).toMatchObject({ busy: 0, recycled: 0 });
    await pool.close();
  });

  it('a turn that ends without a result (the CLI crashed) fails the query: not recycled', async () => {
    const { pool, cli, outcome } = await runOne({
      during: async (_q, cli) => cli?.fail(new Error('the CLI crashed')),
    });
    expect((outcome as Error).message).toBe('the CLI crashed');
    expect(cli?.prompts).toEqual(['go']);
    await expect.poll(() => pool.stats().busy).toBe(0);
    expect(pool.stats().recycled).toBe(0);
    await pool.close();
  });

  it('a permission answer carrying updatedPermissions taints the CLI; one without does not', async () => {
    for (const updated of [true, false]) {
      const fakes = fakeCliContainer();
      const pool = recyclingPool(fakes, {
        options: {
          cwd: '/srv/app',
          canUseTool: async (_tool, input) => ({
            behavior: 'allow',
            updatedInput: input,
            ...(updated && {
              updatedPermissions: [
                { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow', destination: 'session' },
              ],
            }),
          }),
        },
      });
      await parked(pool);
      const running = collect(pool.query({ prompt: 'bash' }));
      const cli = fakes.clis[0];
      await prompted(cli, 'bash');
      const answer = await cli?.emitControlRequest('can_use_tool', {
        tool_name: 'Bash',
        input: { command: 'ls' },
        tool_use_id: 'toolu_1',
      });
      expect(answer).toMatchObject({ subtype: 'success', response: { behavior: 'allow' } });
      cli?.turn();
      await running;
      await expect.poll(() => cli?.prompts.includes('/clear') === true || cli?.state.closed === true).toBe(true);
      expect(cli?.prompts.includes('/clear')).toBe(!updated);
      await pool.close();
    }
  });

  it('after its CLI was recycled, the ended query’s controls reject and leaving it does nothing', async () => {
    const fakes = fakeCliContainer((cli) => {
      cli.answerPrompts = true;
    });
    const pool = recyclingPool(fakes);
    await parked(pool);
    const q = pool.query({ prompt: 'one' });
    await collect(q);
    await expect.poll(() => pool.stats().recycled).toBe(1);
    await expect(q.setModel('opus')).rejects.toThrow(AbortError);
    await expect(q.accountInfo()).rejects.toThrow(AbortError);
    await q.return();
    q.close();
    expect(fakes.clis[0]?.state.closed).toBe(false);
    expect(pool.stats().spares).toBe(1);
    expect(fakes.clis[0]?.sent.filter((m) => m.type === 'control_request').length).toBe(1);
    await pool.close();
  });

  it('recycle: true serves 50 queries per CLI by default (the flat part of the memory curve), 10 s to reset', () => {
    expect(recycleSettingsOf({ maxConcurrent: 1, spares: 1, recycle: true })).toEqual({
      maxQueriesPerCli: 50,
      resetTimeoutMs: 10_000,
    });
    expect(recycleSettingsOf({ maxConcurrent: 1, spares: 1, recycle: { maxQueriesPerCli: 5 } })?.maxQueriesPerCli).toBe(
      5,
    );
  });

  it.each([
    ['a profile sessionStore', { options: { sessionStore: {} as never } }, 'options.sessionStore'],
    ['a profile resume', { options: { resume: 'abc' } }, 'options.resume'],
    ['a profile continue', { options: { continue: true } }, 'options.continue'],
    ['a profile promptSuggestions', { options: { promptSuggestions: true } }, 'options.promptSuggestions'],
    ['no spares', { spares: 0 }, 'recycle'],
    ["spareStart 'prewarm'", { spareStart: 'prewarm' as const }, 'spareStart'],
    ['maxQueriesPerCli 0', { recycle: { maxQueriesPerCli: 0 } }, 'recycle.maxQueriesPerCli'],
    ['resetTimeoutMs 0', { recycle: { resetTimeoutMs: 0 } }, 'recycle.resetTimeoutMs'],
  ])('refuses recycle with %s (InvalidOptionError)', (_name, settings, option) => {
    const fakes = fakeCliContainer();
    let thrown: unknown;
    try {
      recyclingPool(fakes, settings);
    } catch (error) {
      thrown = error;
    }
    expect(InvalidOptionError.isInstance(thrown)).toBe(true);
    expect((thrown as InvalidOptionError).option).toBe(option);
    expect(fakes.clis).toEqual([]);
  });
});
