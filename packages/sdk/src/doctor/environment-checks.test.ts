import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDoctorReport } from './doctor.js';
import { checkAuth, checkConfigDir, checkLibc, checkNode } from './environment-checks.js';

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
    expect(checkConfigDir({ HOME: root }).detail).toBe(`${join(root, '.claude')} (will be created)`);
  });

  it('fails when a file stands where a directory of the path should be, with a fix', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(checkConfigDir({ CLAUDE_CONFIG_DIR: join(file, 'claude') })).toMatchObject({
      status: 'problem',
      detail: `${file} is not a directory, so ${join(file, 'claude')} (from CLAUDE_CONFIG_DIR) cannot be created`,
      fix: expect.stringContaining('CLAUDE_CONFIG_DIR'),
    });
  });

  it('fails a config directory that is itself a file, saying what the CLI then does', () => {
    const file = join(root, 'config-file');
    writeFileSync(file, '');
    expect(checkConfigDir({ CLAUDE_CONFIG_DIR: file })).toMatchObject({
      status: 'problem',
      detail: `${file} (from CLAUDE_CONFIG_DIR) is a file, not a directory: the CLI answers queries but saves no session`,
    });
    const home = join(root, 'home-with-file');
    mkdirSync(home);
    writeFileSync(join(home, '.claude'), '');
    expect(checkConfigDir({ HOME: home }).detail).toContain(`${join(home, '.claude')} (from HOME) is a file`);
  });

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

  it('accepts a stored login, and warns about "Not logged in" without either', () => {
    const home = join(root, 'login');
    mkdirSync(join(home, '.claude'), { recursive: true });
    expect(checkAuth({ HOME: home }).status).toBe('warning');
    expect(checkAuth({ HOME: home }).fix).toContain('Not logged in');
    writeFileSync(join(home, '.claude', '.credentials.json'), '{}');
    expect(checkAuth({ HOME: home }).status).toBe('ok');
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

describe('formatDoctorReport', () => {
  it('prints a line per check, the fix under each that is not fine, and the verdict', () => {
    const text = formatDoctorReport({
      ok: false,
      checks: [
        { name: 'Node.js', status: 'ok', detail: '20.20.2' },
        { name: 'Claude Code CLI', status: 'problem', detail: 'not found', fix: 'install it' },
      ],
    });
    expect(text.split('\n')).toEqual([
      'ok   Node.js: 20.20.2',
      'FAIL Claude Code CLI: not found',
      '     fix: install it',
      'hexagent cannot run queries here until the FAIL lines are fixed.',
    ]);
  });
});
