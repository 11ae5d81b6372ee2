/**
 * startup() and prewarm() against the real CLI and the scripted model: the warm query answers, a
 * claim moves the spare to the session's folder with its model and mode, a refused claim rejects
 * `claimed` and ends the query with the CLI's `not_claimed` result (then a `ResultError`), and closing
 * leaves no process.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prewarm, ResultError, type SDKMessage, SpareClaimError, startup } from '@hexagent/sdk';
import { type CliHarness, collect, systemInit, TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

const folder = (): string => scope.tempDir('hexagent-warm-');

/** Pids of this process's live children (from /proc), zombies left out. */
function childPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid && fields[0] !== 'Z') pids.push(Number(entry));
    } catch {
      // The process went away while we looked.
    }
  }
  return pids;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('warm start on the real CLI', () => {
  it('startup() then query(): the first message comes from the started process', async () => {
    harness = await scope.startCliHarness([{ content: [{ type: 'text', text: 'warm answer' }] }]);
    const cwd = folder();
    const warm = await startup({ options: { env: harness.env, cwd } });
    const messages = await collect(warm.query('hello'));
    expect(systemInit(messages).cwd).toBe(cwd);
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'warm answer' });
    expect(() => warm.query('again')).toThrow(/only be called once/);
  });

  it('prewarm() then claim() with cwd, model, permission mode and appended prompt', async () => {
    harness = await scope.startCliHarness([{ content: [{ type: 'text', text: 'claimed answer' }] }]);
    const cwd = folder();
    const spare = await prewarm({ options: { env: harness.env } });
    const parked = readdirSync(join(harness.configDir, 'spares'));
    expect(parked).toHaveLength(1);
    const q = spare.claim({
      prompt: 'hello',
      options: { cwd, model: 'claude-sonnet-4-5', permissionMode: 'acceptEdits', appendSystemPrompt: 'APPENDED-XYZ' },
    });
    const messages = await collect(q);
    const info = await spare.claimed;
    expect(info.cwd).toBe(cwd);
    expect(info.sessionId).toMatch(/[0-9a-f-]{36}/);
    expect(systemInit(messages)).toMatchObject({ cwd, model: 'claude-sonnet-4-5', permissionMode: 'acceptEdits' });
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'claimed answer' });
    const main = harness.server.requests.filter((request) => request.kind === 'main');
    expect(main[0]?.body.model).toBe('claude-sonnet-4-5');
    expect(JSON.stringify(main[0]?.body.system)).toContain('APPENDED-XYZ');
    expect((await q.initializationResult()) as Record<string, unknown>).toMatchObject({
      current_permission_mode: 'acceptEdits',
    });
    await spare.exited;
    await until(() => !existsSync(join(harness?.configDir ?? '', 'spares', parked[0] ?? '')));
  });

  it('a refused claim rejects claimed with the reason and ends the query with not_claimed', async () => {
    harness = await scope.startCliHarness([]);
    const cwd = folder();
    mkdirSync(join(cwd, '.claude'));
    writeFileSync(join(cwd, '.claude', 'settings.json'), JSON.stringify({ model: 'claude-sonnet-4-5' }));
    const spare = await prewarm({ options: { env: harness.env } });
    const q = spare.claim({ prompt: 'hello', options: { cwd } });
    const error = await spare.claimed.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(SpareClaimError.isInstance(error)).toBe(true);
    expect((error as SpareClaimError).reason).toBe('project_settings_not_claimable');
    expect((error as Error).message).toMatch(/^project_settings_not_claimable:/);
    // As with any error result, the query yields it, then throws as the official SDK does (the CLI exits 1).
    const seen: SDKMessage[] = [];
    const thrown = await (async () => {
      for await (const message of q) seen.push(message);
    })().catch((caught: unknown) => caught);
    const result = seen.find((message) => message.type === 'result') as Record<string, unknown> | undefined;
    expect(JSON.stringify(result?.errors)).toContain('not_claimed');
    expect(ResultError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toMatch(/^Claude Code returned an error result: not_claimed: /);
    await spare.exited;
    expect(harness.server.requests.filter((request) => request.kind === 'main')).toHaveLength(0);
  });

  it('close() before a claim rejects claimed with spare_closed and leaves no process or parking folder', async () => {
    harness = await scope.startCliHarness([]);
    const before = childPids();
    const spare = await prewarm({ options: { env: harness.env } });
    expect(childPids().length).toBeGreaterThan(before.length);
    spare.close();
    await expect(spare.claimed).rejects.toThrow(/^spare_closed:/);
    await spare.exited;
    await until(() => childPids().length <= before.length);
    expect(() => spare.claim({ prompt: 'x', options: { cwd: folder() } })).toThrow(/closed or has exited/);
    await until(() => readdirSync(join(harness?.configDir ?? '', 'spares')).length === 0);
  });

  it('startup() close() and await using stop the CLI', async () => {
    harness = await scope.startCliHarness([]);
    const before = childPids();
    const warm = await startup({ options: { env: harness.env, cwd: folder() } });
    warm.close();
    await until(() => childPids().length <= before.length);
    {
      await using disposed = await startup({ options: { env: harness.env, cwd: folder() } });
      expect(childPids().length).toBeGreaterThan(before.length);
      void disposed;
    }
    expect(childPids().length).toBeLessThanOrEqual(before.length);
  });
});
