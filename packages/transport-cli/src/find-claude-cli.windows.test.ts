/**
 * The CLI lookup as it runs on Windows, on an in-memory Windows machine (`node:path`'s `win32`,
 * `PATHEXT`, the shims npm writes). No test here runs on Windows itself: what Windows does when
 * it starts the file found is not tested (docs/guide.md says so).
 */

import { CliNotFoundError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { type FakeFile, fakeLookupHost, NATIVE_BINARY } from '../test/helpers/fake-lookup-host.js';
import { findClaudeCli, locateClaudeCli } from './find-claude-cli.js';
import { findOnPath } from './find-on-path.js';
import { resolveCliCommand } from './resolve-cli-command.js';

const NPM = 'C:\\Users\\me\\AppData\\Roaming\\npm';
const PACKAGE = `${NPM}\\node_modules\\@anthropic-ai\\claude-code`;
const PLATFORM_PACKAGE = `${NPM}\\node_modules\\@anthropic-ai\\claude-code-win32-x64`;
const MANIFEST = JSON.stringify({
  name: '@anthropic-ai/claude-code',
  version: '2.1.329',
  bin: { claude: 'bin/claude.exe' },
});

// What npm's cmd-shim (npm 11) writes for a package bin that is an .exe, as found in %APPDATA%\npm.
const CMD_SHIM =
  '@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n' +
  '"%dp0%\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*\r\n';
const PS1_SHIM =
  '#!/usr/bin/env pwsh\n$basedir=Split-Path $MyInvocation.MyCommand.Definition -Parent\n\n' +
  '& "$basedir/node_modules/@anthropic-ai/claude-code/bin/claude.exe"   $args\nexit $LASTEXITCODE\n';
const SH_SHIM =
  '#!/bin/sh\nbasedir=$(dirname "$(echo "$0" | sed -e \'s,\\\\,/,g\')")\n\n' +
  'exec "$basedir/node_modules/@anthropic-ai/claude-code/bin/claude.exe"   "$@"\n';
const PLACEHOLDER = 'echo "Error: claude native binary not installed." >&2\nexit 1\n';

/** A global npm install of the CLI: the three shims in %APPDATA%\npm and the package beside them. */
function npmGlobal(bin: FakeFile = { content: NATIVE_BINARY }): Record<string, FakeFile> {
  return {
    [`${NPM}\\claude`]: SH_SHIM,
    [`${NPM}\\claude.cmd`]: CMD_SHIM,
    [`${NPM}\\claude.ps1`]: PS1_SHIM,
    [`${PACKAGE}\\package.json`]: MANIFEST,
    [`${PACKAGE}\\bin\\claude.exe`]: bin,
  };
}

/** Looks up the CLI on a Windows machine holding `files`, with nothing installed beside the app. */
function lookup(files: Record<string, FakeFile>, env: Record<string, string | undefined>, explicit?: string) {
  const host = fakeLookupHost({ platform: 'win32', files });
  return locateClaudeCli(explicit === undefined ? {} : { pathToClaudeCodeExecutable: explicit }, {
    host,
    cwd: 'C:\\app',
    env: { USERPROFILE: 'C:\\Users\\me', ...env },
    resolveFrom: ['C:\\app\\index.js'],
  });
}

function thrown(run: () => unknown): CliNotFoundError {
  try {
    run();
  } catch (error) {
    if (CliNotFoundError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected CliNotFoundError');
}

describe('findClaudeCli on Windows', () => {
  it("runs npm's global install through the claude.exe its claude.cmd names, never the shim or the sh script", () => {
    const found = lookup(npmGlobal(), { Path: `C:\\Windows\\System32;${NPM}` });
    expect(found.path).toBe(`${PACKAGE}\\bin\\claude.exe`);
    expect(found.shims).toEqual([]);
  });

  it("takes the platform package's claude.exe while the package's bin is the install-time placeholder", () => {
    const files: Record<string, FakeFile> = {
      ...npmGlobal(PLACEHOLDER),
      [`${PLATFORM_PACKAGE}\\claude.exe`]: { content: NATIVE_BINARY },
      [`${PLATFORM_PACKAGE}\\package.json`]: '{"name":"@anthropic-ai/claude-code-win32-x64"}',
    };
    expect(lookup(files, { PATH: NPM }).path).toBe(`${PLATFORM_PACKAGE}\\claude.exe`);
  });

  it('on arm64, looks for the win32-arm64 platform package', () => {
    const host = fakeLookupHost({ platform: 'win32', arch: 'arm64', files: npmGlobal(PLACEHOLDER) });
    const error = thrown(() => findClaudeCli({}, { host, cwd: 'C:\\app', env: { PATH: NPM }, resolveFrom: [] }));
    expect(error.missingPlatformPackage).toBe('@anthropic-ai/claude-code-win32-arm64');
  });

  it('says which platform package is missing when the package has only the placeholder', () => {
    const error = thrown(() => lookup(npmGlobal(PLACEHOLDER), { PATH: NPM }));
    expect(error.missingPlatformPackage).toBe('@anthropic-ai/claude-code-win32-x64');
    expect(error.message).toContain(`@anthropic-ai/claude-code@2.1.329 is installed at ${PACKAGE}`);
    expect(error.message).toContain('npm install @anthropic-ai/claude-code-win32-x64@2.1.329');
    expect(error.message).toContain('--omit=optional');
  });

  it('tries PATHEXT extensions in PATHEXT order, and never the extensionless name', () => {
    const dir = 'C:\\tools';
    const files: Record<string, FakeFile> = {
      [`${dir}\\claude`]: '#!/bin/sh\nexec claude-real "$@"\n',
      [`${dir}\\claude.bat`]: '@echo off\r\nclaude-real %*\r\n',
      [`${dir}\\claude.exe`]: { content: NATIVE_BINARY },
    };
    const tried: string[] = [];
    const shims: string[] = [];
    const host = fakeLookupHost({ platform: 'win32', files });
    // Windows' default order: .COM before .EXE before .BAT.
    expect(findOnPath('claude', { PATH: dir }, { host, tried, shims })).toBe(`${dir}\\claude.exe`);
    expect(tried).toEqual([`${dir}\\claude.com`, `${dir}\\claude.exe`]);
    // A PATHEXT that puts .BAT first reaches the batch file first: it names no .exe, so it is passed over.
    tried.length = 0;
    expect(findOnPath('claude', { PATH: dir, PATHEXT: '.BAT;.EXE' }, { host, tried, shims })).toBe(
      `${dir}\\claude.exe`,
    );
    expect(tried).toEqual([`${dir}\\claude.bat`, `${dir}\\claude.exe`]);
    expect(shims).toEqual([`${dir}\\claude.bat`]);
    // A PATHEXT without .EXE finds no claude.exe, as Windows would not.
    expect(findOnPath('claude', { PATH: dir, PATHEXT: '.BAT;.CMD' }, { host })).toBeUndefined();
  });

  it('searches directories in PATH order, each with every extension, before the next directory', () => {
    const files: Record<string, FakeFile> = {
      'C:\\first\\claude.cmd': '@echo off\r\n"C:\\elsewhere\\claude-real.cmd" %*\r\n',
      'C:\\second\\claude.exe': { content: NATIVE_BINARY },
      'C:\\third\\claude.com': { content: NATIVE_BINARY },
    };
    const found = lookup(files, { PATH: 'C:\\first;C:\\second;C:\\third' });
    expect(found.path).toBe('C:\\second\\claude.exe');
    expect(found.shims).toEqual(['C:\\first\\claude.cmd']);
  });

  it('reads Path and PathExt in any letter case, unquotes entries, and skips relative and empty ones', () => {
    const files = {
      'C:\\Program Files\\Claude\\claude.exe': { content: NATIVE_BINARY },
      'C:\\app\\bin\\claude.exe': '',
    };
    const tried: string[] = [];
    const host = fakeLookupHost({ platform: 'win32', files });
    const env = { Path: 'bin;;"C:\\Program Files\\Claude"', PathExt: '.exe' };
    expect(findOnPath('claude', env, { host, tried })).toBe('C:\\Program Files\\Claude\\claude.exe');
    expect(tried).toEqual(['C:\\Program Files\\Claude\\claude.exe']);
  });

  it('keeps a name that already has a PATHEXT extension, as Windows does', () => {
    const host = fakeLookupHost({ platform: 'win32', files: { 'C:\\nodejs\\node.exe': { content: NATIVE_BINARY } } });
    const tried: string[] = [];
    expect(findOnPath('node.exe', { PATH: 'C:\\nodejs' }, { host, tried })).toBe('C:\\nodejs\\node.exe');
    expect(tried).toEqual(['C:\\nodejs\\node.exe']);
  });

  it("follows a shim in the %~dp0 form (node_modules\\.bin, as pnpm writes it) to the project's claude.exe", () => {
    const project = 'C:\\work\\app';
    const files = {
      [`${project}\\node_modules\\.bin\\claude.CMD`]:
        '@SETLOCAL\r\n@"%~dp0\\..\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*\r\n',
      [`${project}\\node_modules\\@anthropic-ai\\claude-code\\package.json`]: MANIFEST,
      [`${project}\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe`]: { content: NATIVE_BINARY },
    };
    expect(lookup(files, { PATH: `${project}\\node_modules\\.bin` }).path).toBe(
      `${project}\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe`,
    );
  });

  it('refuses a shim that names no claude.exe, saying it would need a shell', () => {
    const files = { [`${NPM}\\claude.cmd`]: '@echo off\r\nnode "%~dp0\\cli.js" %*\r\n' };
    const error = thrown(() => lookup(files, { PATH: NPM }));
    expect(error.message).toContain(`found ${NPM}\\claude.cmd, a script Windows runs only through a shell`);
    expect(error.message).toContain('pathToClaudeCodeExecutable');
    expect(error.triedPaths).toContain(`${NPM}\\claude.cmd`);
  });

  it("finds the native installer's claude.exe under USERPROFILE last", () => {
    const files = { 'C:\\Users\\me\\.local\\bin\\claude.exe': { content: NATIVE_BINARY } };
    expect(lookup(files, { PATH: 'C:\\Windows', HOME: '/c/Users/someone-else' }).path).toBe(
      'C:\\Users\\me\\.local\\bin\\claude.exe',
    );
  });

  it('finds the package installed beside the app, with Windows paths', () => {
    const files = {
      'C:\\app\\node_modules\\@anthropic-ai\\claude-code\\package.json': MANIFEST,
      'C:\\app\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe': { content: NATIVE_BINARY },
    };
    expect(lookup(files, { PATH: NPM }).path).toBe(
      'C:\\app\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe',
    );
  });

  it('runs an explicit claude.cmd or extensionless npm shim through the claude.exe it names', () => {
    expect(lookup(npmGlobal(), {}, `${NPM}\\claude.cmd`).path).toBe(`${PACKAGE}\\bin\\claude.exe`);
    expect(lookup(npmGlobal(), {}, `${NPM}\\claude`).path).toBe(`${PACKAGE}\\bin\\claude.exe`);
    expect(lookup(npmGlobal(), {}, `${NPM}\\claude.ps1`).path).toBe(`${PACKAGE}\\bin\\claude.exe`);
  });

  it('refuses an explicit batch file that names no claude.exe', () => {
    const files = { 'C:\\scripts\\run-claude.bat': '@echo off\r\nset FOO=1\r\nclaude %*\r\n' };
    const error = thrown(() => lookup(files, {}, 'C:\\scripts\\run-claude.bat'));
    expect(error.message).toContain('`pathToClaudeCodeExecutable` is C:\\scripts\\run-claude.bat, a script Windows');
  });
});

describe('resolveCliCommand on Windows', () => {
  const host = fakeLookupHost({
    platform: 'win32',
    files: { 'C:\\Program Files\\nodejs\\node.exe': { content: NATIVE_BINARY }, 'C:\\bun\\bun.cmd': '@echo off\r\n' },
  });

  it('runs an .exe as is and refuses anything Windows would run through a shell', () => {
    expect(resolveCliCommand('C:\\x\\claude.exe', {}, {}, host)).toEqual({ file: 'C:\\x\\claude.exe', args: [] });
    expect(() => resolveCliCommand('C:\\x\\claude.cmd', {}, {}, host)).toThrow(/not an \.exe/);
    expect(() => resolveCliCommand('C:\\x\\claude', {}, {}, host)).toThrow(CliNotFoundError);
  });

  it("runs a script CLI under node.exe from PATH, and never a runtime's .cmd shim", () => {
    const env = { Path: 'C:\\bun;C:\\Program Files\\nodejs' };
    expect(resolveCliCommand('C:\\x\\cli.js', { executable: 'node', executableArgs: ['--x'] }, env, host)).toEqual({
      file: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['--x', 'C:\\x\\cli.js'],
    });
    expect(() => resolveCliCommand('C:\\x\\cli.js', { executable: 'bun' }, env, host)).toThrow(/`bun` was not found/);
  });
});
