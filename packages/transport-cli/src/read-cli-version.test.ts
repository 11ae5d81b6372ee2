import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUPPORTED_CLI_VERSIONS, UnsupportedCliVersionError } from '@hexagent/transport-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSupportedCliVersion, readCliVersion } from './read-cli-version.js';

const root = mkdtempSync(join(tmpdir(), 'hexagent-cli-version-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fake package `name@version` holding an executable at `bin` (relative), returning its path. */
function fakePackage(dir: string, name: string, version: string, bin: string): string {
  const packageDir = join(root, dir);
  mkdirSync(join(packageDir, bin, '..'), { recursive: true });
  writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ name, version }));
  writeFileSync(join(packageDir, bin), '#!/bin/sh\n', { mode: 0o755 });
  return join(packageDir, bin);
}

describe('readCliVersion', () => {
  it("reads the platform package's manifest next to the native binary", () => {
    expect(readCliVersion(fakePackage('p1', '@anthropic-ai/claude-code-linux-x64', '2.1.197', 'claude'))).toBe(
      '2.1.197',
    );
  });

  it("reads the claude-code package's manifest above bin/claude.exe", () => {
    expect(readCliVersion(fakePackage('p2', '@anthropic-ai/claude-code', '2.1.329', 'bin/claude.exe'))).toBe('2.1.329');
  });

  it("reads the native installer's versioned file name through its symlink", () => {
    mkdirSync(join(root, 'versions'), { recursive: true });
    writeFileSync(join(root, 'versions', '2.1.300'), '', { mode: 0o755 });
    symlinkSync(join(root, 'versions', '2.1.300'), join(root, 'claude'));
    expect(readCliVersion(join(root, 'claude'))).toBe('2.1.300');
  });

  it('is undefined for a CLI of another package (a stand-in) or a missing file', () => {
    expect(readCliVersion(fakePackage('p3', '@hexagent/testing', '0.1.0', 'dist/bin.js'))).toBeUndefined();
    expect(readCliVersion(join(root, 'nowhere', 'claude'))).toBeUndefined();
  });
});

describe('assertSupportedCliVersion', () => {
  it('refuses a CLI below the minimum, naming the version found and the minimum', () => {
    const cli = fakePackage('old', '@anthropic-ai/claude-code-linux-x64', '2.1.100', 'claude');
    let error: unknown;
    try {
      assertSupportedCliVersion(cli);
    } catch (caught) {
      error = caught;
    }
    expect(UnsupportedCliVersionError.isInstance(error)).toBe(true);
    const typed = error as UnsupportedCliVersionError;
    expect(typed.code).toBe('CLI_VERSION_UNSUPPORTED');
    expect(typed).toMatchObject({ found: '2.1.100', minimum: SUPPORTED_CLI_VERSIONS.minimum, cliPath: cli });
    expect(typed.message).toContain('2.1.100');
    expect(typed.message).toContain(SUPPORTED_CLI_VERSIONS.minimum);
  });

  it('accepts the minimum, newer versions, and a CLI whose version cannot be read', () => {
    const min = fakePackage('min', '@anthropic-ai/claude-code', SUPPORTED_CLI_VERSIONS.minimum, 'bin/claude.exe');
    expect(assertSupportedCliVersion(min)).toBe(SUPPORTED_CLI_VERSIONS.minimum);
    expect(assertSupportedCliVersion(fakePackage('new', '@anthropic-ai/claude-code', '3.0.0', 'bin/claude.exe'))).toBe(
      '3.0.0',
    );
    expect(assertSupportedCliVersion(fakePackage('other', 'my-cli', '0.0.1', 'claude'))).toBeUndefined();
  });
});
