import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authFromCli, checkAuth, checkConfigDir, checkLibc, checkNode } from './environment-checks.js';

const root = mkdtempSync(join(tmpdir(), 'hexagent-doctor-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checkNode', () => {
  it('fails below 20, warns where require() of ES modules is missing, passes from 20.19 and 22.12', () => {
    expect(checkNode('18.20.0').status).toBe('problem');
    expect(checkNode('20.10.0')).toMatchObject({ status: 'warning', fix: expect.stringContaining('20.19') });
    expect(checkNode('22.11.0').status).toBe('warning');
    expect(checkNode('20.19.0').status).toBe('ok');
    expect(checkNode('22.12.0').status).toBe('ok');
    expect(checkNode('24.1.0').status).toBe('ok');
  });
});

describe('checkConfigDir', () => {
  it('passes for a writable directory, or one that can be created, and says which', () => {
    expect(checkConfigDir({ CLAUDE_CONFIG_DIR: root })).toMatchObject({ status: 'ok', detail: root });
    expect(checkConfigDir({ HOME: root }).detail).toBe(`${join(root, '.claude')} (can be created)`);
    // The check made the folder to see that it can, and removed it again.
    expect(existsSync(join(root, '.claude'))).toBe(false);
  });

  it('fails when a file stands where a directory of the path should be, with a fix', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(checkConfigDir({ CLAUDE_CONFIG_DIR: join(file, 'claude') })).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining(
        `${join(file, 'claude')} (from CLAUDE_CONFIG_DIR) is under a file, not a directory`,
      ),
      fix: expect.stringContaining('CLAUDE_CONFIG_DIR'),
    });
  });

  it('fails a config directory that is itself a file, saying what the CLI then does', () => {
    const file = join(root, 'config-file');
    writeFileSync(file, '');
    expect(checkConfigDir({ CLAUDE_CONFIG_DIR: file })).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining(
        `${file} (from CLAUDE_CONFIG_DIR) is a file, not a directory: the CLI answers queries, but saves no session`,
      ),
    });
    const home = join(root, 'home-with-file');
    mkdirSync(home);
    writeFileSync(join(home, '.claude'), '');
    expect(checkConfigDir({ HOME: home }).detail).toContain(`${join(home, '.claude')} (from HOME) is a file`);
  });

  it.runIf(process.platform === 'linux')(
    'fails a directory that cannot be made, though access() lets root write there (/sys)',
    () => {
      expect(checkConfigDir({ CLAUDE_CONFIG_DIR: '/sys/claude-cfg' })).toMatchObject({
        status: 'problem',
        detail: expect.stringMatching(
          /^Claude Code's config directory \/sys\/claude-cfg \(from CLAUDE_CONFIG_DIR\) cannot be created \(E/,
        ),
        fix: expect.stringContaining('Set CLAUDE_CONFIG_DIR to a directory this user can write'),
      });
    },
  );

  // Root writes through a directory's mode bits, so only another user can see this one fail.
  it.skipIf(process.getuid?.() === 0)('fails for a read-only directory, with a fix (not run as root)', () => {
    const readOnly = join(root, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    expect(checkConfigDir({ CLAUDE_CONFIG_DIR: join(readOnly, 'claude') })).toMatchObject({
      status: 'problem',
      fix: expect.stringContaining('CLAUDE_CONFIG_DIR'),
    });
  });
});

describe('checkAuth', () => {
  it('prints ANTHROPIC_BASE_URL without the password it may carry', () => {
    const check = checkAuth({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'https://me:hunter22@proxy.example/x' });
    expect(check.detail).toBe('ANTHROPIC_API_KEY set, ANTHROPIC_BASE_URL=https://me:[REDACTED]@proxy.example/x');
  });

  it('names the variables that are set, never their values', () => {
    const check = checkAuth({ ANTHROPIC_API_KEY: 'sk-ant-secret-value', HOME: root });
    expect(check).toMatchObject({ status: 'ok', detail: 'ANTHROPIC_API_KEY set' });
    expect(JSON.stringify(check)).not.toContain('secret-value');
  });

  it('accepts a stored login, and fails without either: every query would end "Not logged in"', () => {
    const home = join(root, 'login');
    mkdirSync(join(home, '.claude'), { recursive: true });
    expect(checkAuth({ HOME: home }).status).toBe('problem');
    expect(checkAuth({ HOME: home }).fix).toContain('Not logged in');
    writeFileSync(join(home, '.claude', '.credentials.json'), '{}');
    expect(checkAuth({ HOME: home }).status).toBe('ok');
  });
});

describe('authFromCli', () => {
  const none = checkAuth({ HOME: join(root, 'nobody') });
  it("takes the CLI's word: no credential at all is a problem, whatever the variables said", () => {
    const setKey = checkAuth({ ANTHROPIC_API_KEY: 'k' });
    expect(authFromCli(setKey, { tokenSource: 'none', apiProvider: 'firstParty' })).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('the CLI reports no credential'),
    });
    expect(authFromCli(setKey, { apiKeySource: 'ANTHROPIC_API_KEY', tokenSource: 'none' })).toBe(setKey);
  });

  it('accepts what the CLI found beyond the variables (an apiKeyHelper in its settings)', () => {
    expect(none.status).toBe('problem');
    expect(authFromCli(none, { tokenSource: 'apiKeyHelper', apiKeySource: 'apiKeyHelper' })).toEqual({
      name: 'Authentication',
      status: 'ok',
      detail: 'the CLI reports apiKeyHelper, apiKeyHelper',
    });
  });
});

describe('checkLibc', () => {
  it.runIf(process.platform === 'linux')('flags a CLI built for the other libc', () => {
    const musl = checkLibc(undefined).detail === 'musl';
    const other = `/app/node_modules/@anthropic-ai/claude-code-linux-x64${musl ? '' : '-musl'}/claude`;
    expect(checkLibc(other).status).toBe('problem');
    expect(checkLibc('/usr/local/bin/claude').status).toBe('ok');
  });
});
