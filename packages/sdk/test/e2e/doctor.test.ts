import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { doctor, formatDoctorReport } from '@hexagent/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type E2eHarness, startHarness } from './harness.js';

let harness: E2eHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('doctor() against the real CLI', () => {
  it('finds the CLI and its version, and the CLI starts and answers initialize', async () => {
    harness = await startHarness([]);
    const report = await doctor({ options: { env: harness.env } });
    expect(report.checks.map((check) => [check.name, check.status])).toEqual([
      ['Node.js', 'ok'],
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
    harness = await startHarness([]);
    const missing = await doctor({ options: { env: harness.env, pathToClaudeCodeExecutable: '/nonexistent/claude' } });
    expect(missing.ok).toBe(false);
    expect(missing.checks.find((check) => check.name === 'Claude Code CLI')).toMatchObject({
      status: 'problem',
      fix: expect.stringContaining('pathToClaudeCodeExecutable'),
    });
    expect(missing.checks.some((check) => check.name === 'CLI start')).toBe(false);

    const dir = mkdtempSync(join(tmpdir(), 'hexagent-doctor-old-'));
    try {
      mkdirSync(join(dir, 'pkg'));
      writeFileSync(
        join(dir, 'pkg', 'package.json'),
        '{"name":"@anthropic-ai/claude-code-linux-x64","version":"2.0.0"}',
      );
      writeFileSync(join(dir, 'pkg', 'claude'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
      const old = await doctor({
        options: { env: harness.env, pathToClaudeCodeExecutable: join(dir, 'pkg', 'claude') },
      });
      expect(old.checks.find((check) => check.name === 'CLI version')).toMatchObject({
        status: 'problem',
        detail: '2.0.0, older than 2.1.197',
      });
      expect(old.checks.some((check) => check.name === 'CLI start')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
