import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type DoctorReport, doctor, formatDoctorReport } from '@hexagent/sdk';
import { hermeticCliEnv, type ModelTurn, ScriptedModelServer, TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

describe('doctor() against the real CLI', () => {
  it('finds the CLI and its version, and the CLI starts and answers initialize', async () => {
    const harness = await scope.startCliHarness([]);
    const report = await doctor({ options: { env: harness.env } });
    expect(report.checks.map((check) => [check.name, check.status])).toEqual([
      ['Node.js', 'ok'],
      ['Options', 'ok'],
      ['Working directory', 'ok'],
      ['Environment', 'ok'],
      ['Claude Code CLI', 'ok'],
      ['CLI version', 'ok'],
      ['Config directory', 'ok'],
      ['Authentication', 'ok'],
      ['libc', 'ok'],
      ['CLI start', 'ok'],
    ]);
    expect(report.ok).toBe(true);
    expect(formatDoctorReport(report)).toMatch(/ok {3}CLI start: answered initialize in \d+ ms/);
    // Only the initialize handshake: no model request.
    expect(harness.server.messageRequests).toHaveLength(0);
  });

  it('says how to fix a missing CLI and an old one, and does not start them', async () => {
    const harness = await scope.startCliHarness([]);
    const missing = await doctor({ options: { env: harness.env, pathToClaudeCodeExecutable: '/nonexistent/claude' } });
    expect(missing.ok).toBe(false);
    expect(missing.checks.find((check) => check.name === 'Claude Code CLI')).toMatchObject({
      status: 'problem',
      detail: '`pathToClaudeCodeExecutable` is "/nonexistent/claude", which does not exist',
      fix: expect.stringContaining('Fix the path'),
    });
    expect(missing.checks.some((check) => check.name === 'CLI start')).toBe(false);

    const dir = scope.tempDir('hexagent-doctor-old-');
    mkdirSync(join(dir, 'pkg'));
    writeFileSync(join(dir, 'pkg', 'package.json'), '{"name":"@anthropic-ai/claude-code-linux-x64","version":"2.0.0"}');
    writeFileSync(join(dir, 'pkg', 'claude'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const old = await doctor({
      options: { env: harness.env, pathToClaudeCodeExecutable: join(dir, 'pkg', 'claude') },
    });
    expect(old.checks.find((check) => check.name === 'CLI version')).toMatchObject({
      status: 'problem',
      detail: '2.0.0, older than 2.1.197: queries refuse it (UnsupportedCliVersionError)',
    });
    expect(old.checks.some((check) => check.name === 'CLI start')).toBe(false);
  });
});

const HEXAGENT_BIN = fileURLToPath(new URL('../../bin/hexagent.js', import.meta.url));
const REJECTED: ModelTurn = {
  error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  retryable: true,
};

function statusOf(report: DoctorReport, name: string): string | undefined {
  return report.checks.find((check) => check.name === name)?.status;
}

describe('doctor() with the options of a query, against the real CLI', () => {
  it('returns a report, never throws, for a bad cwd, a bad option and a bad CLI path', async () => {
    const harness = await scope.startCliHarness([]);
    const report = await doctor({
      options: {
        env: harness.env,
        cwd: '/no/such/dir',
        model: 'claude-sonnet-4-5',
        fallbackModel: 'claude-sonnet-4-5',
        pathToClaudeCodeExecutable: '/no/such/claude',
      },
    });
    expect(report.ok).toBe(false);
    expect(statusOf(report, 'Options')).toBe('problem');
    expect(statusOf(report, 'Working directory')).toBe('problem');
    expect(statusOf(report, 'Claude Code CLI')).toBe('problem');
    expect(statusOf(report, 'CLI start')).toBeUndefined();
  });

  it('fails an env without PATH (the verdict and the exit code follow), though the CLI starts with it', async () => {
    const harness = await scope.startCliHarness([]);
    const report = await doctor({ options: { env: { ...harness.env, PATH: undefined } } });
    expect(report.checks.find((check) => check.name === 'Environment')).toMatchObject({
      status: 'problem',
      fix: expect.stringContaining('...process.env'),
    });
    expect(statusOf(report, 'CLI start')).toBe('ok');
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toMatch(/until the FAIL lines are fixed\.$/);
  });

  it('fails a config directory that is a file, naming it', async () => {
    const harness = await scope.startCliHarness([]);
    const file = join(harness.configDir, '..', 'config-file');
    writeFileSync(file, '');
    const report = await doctor({ options: { env: { ...harness.env, CLAUDE_CONFIG_DIR: file } } });
    expect(report.checks.find((check) => check.name === 'Config directory')).toMatchObject({
      status: 'problem',
      detail: `Claude Code's config directory ${file} (from CLAUDE_CONFIG_DIR) is a file, not a directory: the CLI answers queries, but saves no session (a later \`resume\` finds "No conversation found") and reads no settings there`,
    });
    expect(report.ok).toBe(false);
  });
});

describe('doctor() checkApi, against the scripted API on loopback', () => {
  let server: ScriptedModelServer | undefined;

  async function apiEnv(turn: ModelTurn) {
    const started = await ScriptedModelServer.start([], { sideTurn: () => turn });
    scope.defer(() => started.close());
    server = started;
    const hermetic = await hermeticCliEnv({ baseUrl: started.url, apiKey: 'sk-ant-api03-under-test' });
    scope.defer(() => hermetic.cleanup());
    return hermetic.env;
  }

  it('reports accepted credentials, with one max_tokens: 1 request, and the CLI starts', async () => {
    const env = await apiEnv({ content: [{ type: 'text', text: 'pong' }] });
    const report = await doctor({ options: { env }, checkApi: true });
    expect(statusOf(report, 'API credentials')).toBe('ok');
    expect(statusOf(report, 'CLI start')).toBe('ok');
    const probes = server?.requests.filter((request) => request.body.max_tokens === 1) ?? [];
    expect(probes).toHaveLength(1);
    expect(probes[0]?.headers['x-api-key']).toBe('sk-ant-api03-under-test');
    expect(server?.messageRequests).toHaveLength(0);
  });

  it('reports a rejected key as a problem, where without checkApi all looks well', async () => {
    const env = await apiEnv(REJECTED);
    expect((await doctor({ options: { env } })).ok).toBe(true);
    const report = await doctor({ options: { env }, checkApi: true });
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.name === 'API credentials')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('HTTP 401 authentication_error'),
    });
  });

  it('`hexagent doctor --check-api --env-file` prints the rejected key, masks the base URL password, exits 1', async () => {
    const env = await apiEnv(REJECTED);
    const dir = scope.tempDir('hexagent-doctor-bin-');
    const withPassword = String(env['ANTHROPIC_BASE_URL']).replace('http://', 'http://proxy-user:proxy-pass@');
    const lines = Object.entries({ ...env, ANTHROPIC_BASE_URL: withPassword })
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`);
    writeFileSync(join(dir, 'app.env'), `${lines.join('\n')}\n`);
    const outcome = await promisify(execFile)(
      process.execPath,
      [HEXAGENT_BIN, 'doctor', '--check-api', '--env-file', 'app.env'],
      { cwd: dir, env: { PATH: process.env['PATH'] ?? '', HOME: dir } },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, stdout: error.stdout ?? '' }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(
      /FAIL API credentials: ANTHROPIC_API_KEY rejected by http:\/\/proxy-user:\[REDACTED\]@127\.0\.0\.1:\d+: HTTP 401/,
    );
    expect(outcome.stdout).toContain('ANTHROPIC_BASE_URL=http://proxy-user:[REDACTED]@127.0.0.1');
    expect(outcome.stdout).not.toContain('proxy-pass');
    expect(outcome.stdout).not.toContain('under-test');
    // The password reached the API as basic auth: the doctor used the URL as the CLI would.
    const probe = server?.requests.find((request) => request.body.max_tokens === 1);
    expect(probe?.headers['authorization']).toBe(`Basic ${Buffer.from('proxy-user:proxy-pass').toString('base64')}`);
  });
});
