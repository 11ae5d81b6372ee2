/**
 * Setups that the CLI starts with but that break something later, on the real CLI: an `env`
 * without `PATH` (the CLI's tools find no programs), a config directory that is a file (no session
 * is saved). A rejected API key is `rejected-credentials.test.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { query } from '@hexagent/sdk';
import { collect, results, resultText, TestScope, text, toolUse } from '@hexagent/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** The process warnings emitted while the tests run, in order. */
const warnings: Array<{ code: string | undefined; message: string }> = [];
const onWarning = (warning: Error & { code?: string }) =>
  warnings.push({ code: warning.code, message: warning.message });
beforeAll(() => {
  process.on('warning', onWarning);
});
afterAll(() => {
  process.off('warning', onWarning);
});

/** Waits for the warnings emitted so far (they are delivered on a later tick). */
async function settledWarnings(): Promise<typeof warnings> {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings;
}

const listFiles = (marker: string) => toolUse('Bash', { command: `ls / > /dev/null && echo ${marker}` });

describe('env without PATH', () => {
  it('with PATH, the Bash tool runs and nothing is said; without, it fails and one warning names the fix', async () => {
    const harness = await scope.startCliHarness([
      { content: [listFiles('WITH-PATH')] },
      { content: [text('one')] },
      { content: [listFiles('NO-PATH-1')] },
      { content: [text('two')] },
      { content: [listFiles('NO-PATH-2')] },
      { content: [text('three')] },
    ]);
    const options = { allowedTools: ['Bash'] };
    await collect(query({ prompt: 'a', options: { ...options, env: harness.env } }));
    expect((await settledWarnings()).filter((warning) => warning.code === 'HEXAGENT_ENV_WITHOUT_PATH')).toEqual([]);

    // The mistake: `env` replaces the CLI's whole environment, so without PATH the shell finds no `ls`.
    const withoutPath = { ...harness.env, PATH: undefined };
    const second = await collect(query({ prompt: 'b', options: { ...options, env: withoutPath } }));
    await collect(query({ prompt: 'c', options: { ...options, env: withoutPath } }));
    expect(results(second)[0]).toMatchObject({ subtype: 'success' });

    const [withPath, noPath1, noPath2] = harness.server.toolResults();
    expect(withPath?.is_error).toBe(false);
    expect(resultText(withPath?.content)).toContain('WITH-PATH');
    for (const failed of [noPath1, noPath2]) {
      expect(failed?.is_error).toBe(true);
      expect(resultText(failed?.content)).toContain('No such file or directory');
    }
    const said = (await settledWarnings()).filter((warning) => warning.code === 'HEXAGENT_ENV_WITHOUT_PATH');
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain('env: { ...process.env, ...yours }');
  }, 120_000);
});

describe('a config directory that is a file', () => {
  it('the query succeeds as the CLI makes it, no session is saved, and a warning names the path', async () => {
    const harness = await scope.startCliHarness([{ content: [text('answered')] }, { content: [text('again')] }]);
    const file = join(harness.configDir, '..', 'claude-config-file');
    writeFileSync(file, '');
    const env = { ...harness.env, CLAUDE_CONFIG_DIR: file };
    const first = await collect(query({ prompt: 'hi', options: { env } }));
    const result = results(first)[0];
    expect(result).toMatchObject({ subtype: 'success', result: 'answered' });

    const said = (await settledWarnings()).filter((warning) => warning.code === 'HEXAGENT_CONFIG_DIR_NOT_A_DIRECTORY');
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain(`${file} (from CLAUDE_CONFIG_DIR) is a file`);

    // What the warning predicts: the session was not saved, so resuming it finds nothing.
    const resumed = await collect(
      query({ prompt: 'again', options: { env, resume: String(result?.['session_id']) } }),
    ).catch((error: unknown) => error);
    expect(JSON.stringify(resumed instanceof Error ? resumed.message : resumed)).toContain('No conversation found');
  }, 120_000);
});
