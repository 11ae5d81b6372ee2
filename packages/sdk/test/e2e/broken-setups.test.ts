/**
 * Broken setups a new user meets, each through `query()` and `doctor()`, which must agree: a CLI
 * path that is a file without execute permission, a CLI copied out of its package whose version no
 * manifest says, no credential at all, a config directory that cannot be made (`/sys`), a CLI that
 * prints a secret on stderr and exits, and a misspelt option key. The real CLI wherever it can play
 * the part; a shell script or the stand-in where the setup is a CLI that is not the real one. A
 * rejected key is `rejected-credentials.test.ts`; an `env` without `PATH` and a config directory
 * that is a file are `environment-mistakes.test.ts` and `doctor.test.ts`.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CliNotFoundError,
  type DoctorReport,
  doctor,
  formatDoctorReport,
  type Options,
  ProcessError,
  query,
  ResultError,
} from '@hexagent/sdk';
import { collect, results, TestScope, text } from '@hexagent/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** A fresh temporary directory, removed after the test. */
const tempDir = (): string => scope.tempDir('hexagent-broken-setup-');

/** The process warnings emitted while the tests run. */
const warnings: Array<{ code: string | undefined; message: string }> = [];
const onWarning = (warning: Error & { code?: string }) =>
  warnings.push({ code: warning.code, message: warning.message });
beforeAll(() => {
  process.on('warning', onWarning);
});
afterAll(() => {
  process.off('warning', onWarning);
});

/** The warnings of `code` so far (they are delivered on a later tick). */
async function warningsOf(code: string): Promise<Array<{ code: string | undefined; message: string }>> {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings.filter((warning) => warning.code === code);
}

function lineOf(report: DoctorReport, name: string) {
  return report.checks.find((check) => check.name === name);
}

/** What `query()` throws with `options`, or `undefined` when it ends well. */
async function queryError(options: Parameters<typeof query>[0]['options']): Promise<unknown> {
  return collect(query({ prompt: 'hi', ...(options !== undefined && { options }) })).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('a CLI path that is a file without execute permission', () => {
  it('the query and the doctor both say it is not executable, and give chmod +x', async () => {
    const cli = join(tempDir(), 'claude');
    writeFileSync(cli, '#!/bin/sh\nexit 0\n');
    chmodSync(cli, 0o644);
    const error = await queryError({ pathToClaudeCodeExecutable: cli });
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('a file that is not executable');
    expect((error as Error).message).toContain(`chmod +x ${cli}`);

    const report = await doctor({ options: { pathToClaudeCodeExecutable: cli } });
    expect(lineOf(report, 'Claude Code CLI')).toMatchObject({
      status: 'problem',
      detail: `\`pathToClaudeCodeExecutable\` is ${JSON.stringify(cli)}, a file that is not executable (no execute permission)`,
      fix: expect.stringMatching(new RegExp(`^Make it executable with \`chmod \\+x ${cli}\``)),
    });
  });
});

describe('a CLI copied out of its package, whose version no manifest says', () => {
  it('an old one: the query runs it, and the doctor says the query runs it unchecked (one decision)', async () => {
    const harness = await scope.startCliHarness([]);
    const cli = scope.installStandInCli({
      version: '2.1.190',
      onUser: [{ assistant: 'old but working' }, { result: 'done' }],
    });
    const options = { env: harness.env, pathToClaudeCodeExecutable: cli.path };
    const messages = await collect(query({ prompt: 'hi', options }));
    expect(results(messages)[0]).toMatchObject({ subtype: 'success' });

    const report = await doctor({ options });
    expect(lineOf(report, 'CLI version')).toMatchObject({
      status: 'warning',
      detail:
        '2.1.190 (from `--version`), older than 2.1.197; not in an npm package, so queries run it without checking its version',
    });
    expect(lineOf(report, 'CLI start')?.status).toBe('ok');
    expect(report.ok).toBe(true);
  }, 60_000);
});

describe('no credential at all', () => {
  it('the doctor fails on the CLI\'s own word (so the command exits 1); the query ends "Not logged in"', async () => {
    const harness = await scope.startCliHarness([]);
    const env = { ...harness.env, ANTHROPIC_API_KEY: undefined };
    const report = await doctor({ options: { env } });
    expect(lineOf(report, 'Authentication')).toMatchObject({
      status: 'problem',
      detail: 'the CLI reports no credential (no API key, auth token, OAuth token, key helper or login)',
      fix: expect.stringContaining('Not logged in'),
    });
    expect(lineOf(report, 'CLI start')?.status).toBe('ok');
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toMatch(/hexagent cannot run queries here until the FAIL lines are fixed\.$/);

    const error = await queryError({ env });
    expect(ResultError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('Not logged in');
    expect(harness.server.messageRequests).toHaveLength(0);
  }, 120_000);
});

describe.runIf(process.platform === 'linux')('a config directory that cannot be made (/sys/claude-cfg)', () => {
  it('the doctor fails it (not "will be created"); the query warns, and no session is saved', async () => {
    const harness = await scope.startCliHarness([{ content: [text('answered')] }]);
    const env = { ...harness.env, CLAUDE_CONFIG_DIR: '/sys/claude-cfg' };
    const report = await doctor({ options: { env } });
    expect(lineOf(report, 'Config directory')).toMatchObject({
      status: 'problem',
      detail: expect.stringMatching(
        /^Claude Code's config directory \/sys\/claude-cfg \(from CLAUDE_CONFIG_DIR\) cannot be created/,
      ),
    });
    expect(report.ok).toBe(false);

    const messages = await collect(query({ prompt: 'hi', options: { env } }));
    expect(results(messages)[0]).toMatchObject({ subtype: 'success', result: 'answered' });
    const said = await warningsOf('HEXAGENT_CONFIG_DIR_NOT_WRITABLE');
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain('saves no session');
    // What the warning predicts: resuming that session finds nothing.
    const resumed = await queryError({ env, resume: String(results(messages)[0]?.['session_id']) });
    expect(String((resumed as Error | undefined)?.message)).toContain('No conversation found');
  }, 120_000);
});

describe('a CLI that prints a secret on stderr and exits before reading its input', () => {
  const SECRET = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';

  it('the query error and the doctor show its stderr, with the secret hidden', async () => {
    const cli = join(tempDir(), 'claude');
    writeFileSync(cli, `#!/bin/sh\necho "fatal: GitHub rejected ${SECRET} for this workspace" >&2\nexit 3\n`);
    chmodSync(cli, 0o755);
    const error = await queryError({ pathToClaudeCodeExecutable: cli });
    expect(ProcessError.isInstance(error)).toBe(true);
    const failed = error as ProcessError;
    expect(failed.exitCode).toBe(3);
    expect(failed.message).toContain('fatal: GitHub rejected [REDACTED] for this workspace');
    expect(failed.stderrTail).toContain('fatal: GitHub rejected [REDACTED] for this workspace');
    expect(`${failed.message}${failed.stderrTail}`).not.toContain(SECRET);

    const report = await doctor({ options: { pathToClaudeCodeExecutable: cli } });
    expect(lineOf(report, 'CLI start')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('fatal: GitHub rejected [REDACTED] for this workspace'),
      fix: 'The CLI exited at start and said why on stderr (above, secrets hidden): fix what it names.',
    });
    expect(JSON.stringify(report)).not.toContain(SECRET);
  }, 60_000);
});

describe('a misspelt option key (maxTurn: 3)', () => {
  it('the query runs as both SDKs run it, and says once which key was meant', async () => {
    const harness = await scope.startCliHarness([{ content: [text('one')] }, { content: [text('two')] }]);
    const options = { env: harness.env, maxTurn: 3 } as Options;
    await collect(query({ prompt: 'a', options }));
    await collect(query({ prompt: 'b', options }));
    const said = await warningsOf('HEXAGENT_UNKNOWN_OPTION');
    expect(said).toEqual([
      {
        code: 'HEXAGENT_UNKNOWN_OPTION',
        message:
          'Option "maxTurn" is ignored: neither the official SDK\'s Options type nor hexagent\'s has it. Did you mean "maxTurns"?',
      },
    ]);
  }, 120_000);
});
