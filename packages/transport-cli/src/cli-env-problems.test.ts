import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { resetWarnings } from '@hexagent/transport-kit';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { started, track, useCliTransportCleanup } from '../test/helpers/cli-transport-harness.js';
import { SCRIPTED, standInCli } from '../test/helpers/stand-in.js';
import { makeTempDir, removeTempDirs } from '../test/helpers/temp-dirs.js';
import { transportFor } from '../test/helpers/transport-for.js';
import { cliConfigDirOf, findCliEnvProblems, warnAboutCliEnv } from './cli-env-problems.js';

useCliTransportCleanup();
afterAll(() => removeTempDirs());

/** A config directory that exists, so only the check under test can find something. */
function goodConfig(): Record<string, string> {
  return { CLAUDE_CONFIG_DIR: makeTempDir() };
}

describe('findCliEnvProblems', () => {
  it('finds nothing for process.env, or an env with PATH and a config directory', () => {
    expect(findCliEnvProblems({ env: { PATH: '/usr/bin', ...goodConfig() } })).toEqual([]);
    expect(findCliEnvProblems({ env: { Path: 'C:\\Windows', ...goodConfig() } }, 'win32')).toEqual([]);
  });

  it('names PATH, and the fix, for an env without it (or with an empty one)', () => {
    for (const env of [{ ANTHROPIC_API_KEY: 'k' }, { PATH: '' }, { PATH: undefined }]) {
      const problems = findCliEnvProblems({ env: { ...env, ...goodConfig() } });
      expect(problems).toEqual([expect.objectContaining({ code: 'HEXAGENT_ENV_WITHOUT_PATH', variable: 'PATH' })]);
      expect(problems[0]?.message).toContain('env: { ...process.env, ...yours }');
    }
    // On Windows the name matches in any case, as Windows reads it; elsewhere only PATH counts.
    expect(findCliEnvProblems({ env: { path: '/usr/bin', ...goodConfig() } }, 'linux')).toHaveLength(1);
    expect(findCliEnvProblems({ env: { path: 'C:\\Windows', ...goodConfig() } }, 'win32')).toEqual([]);
  });

  it('does not ask for HOME: the CLI falls back to the account home directory', () => {
    expect(findCliEnvProblems({ env: { PATH: '/usr/bin', ...goodConfig() } })).toEqual([]);
    expect(cliConfigDirOf({ PATH: '/usr/bin' }).dir).toBe(join(homedir(), '.claude'));
  });

  it('names a config directory that is a file, or under one, and the variable it comes from', () => {
    const file = join(makeTempDir(), 'not-a-dir');
    writeFileSync(file, '');
    const [asFile] = findCliEnvProblems({ env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: file } });
    expect(asFile).toMatchObject({ code: 'HEXAGENT_CONFIG_DIR_NOT_A_DIRECTORY', variable: 'CLAUDE_CONFIG_DIR' });
    expect(asFile?.message).toContain(`${file} (from CLAUDE_CONFIG_DIR) is a file, not a directory`);
    expect(asFile?.message).toContain('saves no session');

    const [under] = findCliEnvProblems({ env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: join(file, 'claude') } });
    expect(under?.message).toContain('is under a file');

    const home = makeTempDir();
    writeFileSync(join(home, '.claude'), '');
    const [fromHome] = findCliEnvProblems({ env: { PATH: '/usr/bin', HOME: home } });
    expect(fromHome).toMatchObject({ variable: 'HOME' });
    expect(fromHome?.message).toContain(join(home, '.claude'));
  });

  it('resolves a relative CLAUDE_CONFIG_DIR against cwd, and accepts a directory yet to be made', () => {
    const cwd = makeTempDir();
    mkdirSync(join(cwd, 'config'));
    expect(cliConfigDirOf({ CLAUDE_CONFIG_DIR: 'config' }, cwd).dir).toBe(join(cwd, 'config'));
    expect(findCliEnvProblems({ cwd, env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: 'not-yet/deeper' } })).toEqual([]);
    // The probe made the folders and removed them again.
    expect(existsSync(join(cwd, 'not-yet'))).toBe(false);
    expect(readdirSync(join(cwd, 'config'))).toEqual([]);
    expect(findCliEnvProblems({ cwd, env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: 'config' } })).toEqual([]);
    expect(readdirSync(join(cwd, 'config'))).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'names a config directory that cannot be created, though access() says root may write there',
    () => {
      const problems = findCliEnvProblems({ env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: '/sys/claude-cfg' } });
      expect(problems).toEqual([
        expect.objectContaining({ code: 'HEXAGENT_CONFIG_DIR_NOT_WRITABLE', variable: 'CLAUDE_CONFIG_DIR' }),
      ]);
      expect(problems[0]?.message).toMatch(
        /^Claude Code's config directory \/sys\/claude-cfg \(from CLAUDE_CONFIG_DIR\) cannot be created \(E[A-Z]+: /,
      );
      expect(problems[0]?.message).toContain('saves no session');
      expect(existsSync('/sys/claude-cfg')).toBe(false);
      // Without the probe (a later spawn in the same process), nothing is written and nothing found.
      expect(
        findCliEnvProblems({ env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: '/sys/claude-cfg' } }, 'linux', false),
      ).toEqual([]);
    },
  );
});

describe('warnAboutCliEnv', () => {
  const warnings: Array<{ code?: string; message: string }> = [];
  const onWarning = (warning: Error & { code?: string }) => {
    warnings.push({ message: warning.message, ...(warning.code !== undefined && { code: warning.code }) });
  };
  beforeEach(() => {
    resetWarnings();
    warnings.length = 0;
    process.on('warning', onWarning);
  });
  afterEach(() => {
    process.off('warning', onWarning);
  });

  /** Waits until `count` warnings arrived (process warnings are emitted on the next tick). */
  async function warningsAfter(count: number): Promise<typeof warnings> {
    while (warnings.length < count) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return warnings;
  }

  it('warns once per process for each problem, with its code, and starts the CLI all the same', async () => {
    const config = goodConfig();
    // Through the transport, with a script CLI that this Node runs, so it needs no PATH to start.
    const cli = standInCli(SCRIPTED, { name: 'cli.mjs', mode: 0o644 });
    const transport = track(transportFor({ pathToClaudeCodeExecutable: cli, env: { HOME: makeTempDir(), ...config } }));
    await started(transport);
    expect(transport.isOpen).toBe(true);
    warnAboutCliEnv({ env: { ...config } });
    const file = join(makeTempDir(), 'file');
    writeFileSync(file, '');
    warnAboutCliEnv({ env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: file } });
    warnAboutCliEnv({ env: { PATH: '/usr/bin', CLAUDE_CONFIG_DIR: file } });
    expect((await warningsAfter(2)).map((warning) => warning.code)).toEqual([
      'HEXAGENT_ENV_WITHOUT_PATH',
      'HEXAGENT_CONFIG_DIR_NOT_A_DIRECTORY',
    ]);
    expect(warnings[0]?.message).toContain('`env` has no PATH');
    expect(warnings[1]?.message).toContain(file);
  });
});
