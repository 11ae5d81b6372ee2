import { mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliNotFoundError } from '@hexagent/transport-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs, writeExecutable } from '../test/helpers/temp-dirs.js';
import { findClaudeCli, isCliScript, locateClaudeCli } from './find-claude-cli.js';
import { resolveCliCommand } from './resolve-cli-command.js';

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
// The shape of the stub @anthropic-ai/claude-code ships as bin/claude.exe: shell text, no shebang.
const PLACEHOLDER =
  'echo "Error: claude native binary not installed." >&2\n' +
  'echo "Run the postinstall manually: node node_modules/@anthropic-ai/claude-code/install.cjs" >&2\nexit 1\n';
const PLATFORM_KEYS = [
  'darwin-arm64',
  'darwin-x64',
  'linux-x64',
  'linux-arm64',
  'linux-x64-musl',
  'linux-arm64-musl',
  'linux-x64-android',
  'linux-arm64-android',
  'win32-x64',
  'win32-arm64',
];

afterAll(() => {
  removeTempDirs();
});

/** The platform package this machine's lookup asks for. */
const THIS_PLATFORM_PACKAGE = new RegExp(`^@anthropic-ai/claude-code-${process.platform}-${process.arch}(-musl)?$`);

/** The directory of the real `@anthropic-ai/claude-code` installed for this package. */
function realClaudeCodeDir(): string {
  return dirname(createRequire(join(PACKAGE_ROOT, 'index.js')).resolve('@anthropic-ai/claude-code/package.json'));
}

/** A project whose node_modules holds a claude-code package with the install-time placeholder. */
function projectWithPlaceholder(): { root: string; packageDir: string } {
  const root = makeTempDir();
  const packageDir = join(root, 'node_modules', '@anthropic-ai', 'claude-code');
  mkdirSync(join(packageDir, 'bin'), { recursive: true });
  writeFileSync(
    join(packageDir, 'package.json'),
    JSON.stringify({ name: '@anthropic-ai/claude-code', version: '0.0.0', bin: { claude: 'bin/claude.exe' } }),
  );
  writeExecutable(join(packageDir, 'bin', 'claude.exe'), PLACEHOLDER);
  return { root, packageDir };
}

/** A context that finds nothing unless the test adds it: no package, empty PATH, empty HOME. */
function isolated(extra: { resolveFrom?: string[]; path?: string } = {}) {
  const home = makeTempDir();
  return {
    cwd: home,
    env: { PATH: extra.path ?? '', HOME: home },
    resolveFrom: extra.resolveFrom ?? [join(home, 'index.js')],
  };
}

describe('findClaudeCli', () => {
  it('returns an explicit pathToClaudeCodeExecutable that exists', () => {
    const path = writeExecutable(join(makeTempDir(), 'my-claude'), '#!/bin/sh\n');
    expect(findClaudeCli({ pathToClaudeCodeExecutable: path }, isolated())).toBe(path);
  });

  it('resolves a relative explicit path against cwd', () => {
    const dir = makeTempDir();
    const path = writeExecutable(join(dir, 'claude'), '#!/bin/sh\n');
    expect(findClaudeCli({ pathToClaudeCodeExecutable: './claude' }, { ...isolated(), cwd: dir })).toBe(path);
  });

  it('throws CliNotFoundError naming a missing explicit path, without falling back', () => {
    const missing = join(makeTempDir(), 'nope', 'claude');
    const bin = makeTempDir();
    writeExecutable(join(bin, 'claude'), '#!/bin/sh\n');
    let error: unknown;
    try {
      findClaudeCli({ pathToClaudeCodeExecutable: missing }, isolated({ path: bin }));
    } catch (caught) {
      error = caught;
    }
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toEqual([missing]);
    expect((error as Error).message).toContain(missing);
    expect((error as Error).message).toContain('npm install @anthropic-ai/claude-code');
  });

  it('rejects an explicit path that is a directory or not executable, saying which and how to fix it', () => {
    const dir = makeTempDir();
    const inDir = thrown(() => findClaudeCli({ pathToClaudeCodeExecutable: dir }, isolated()));
    expect(CliNotFoundError.isInstance(inDir)).toBe(true);
    expect((inDir as Error).message).toContain(
      `${JSON.stringify(dir)}, a directory. Set it to the \`claude\` executable`,
    );
    const notExecutable = writeExecutable(join(dir, 'claude'), '#!/bin/sh\n', 0o644);
    const error = thrown(() => findClaudeCli({ pathToClaudeCodeExecutable: notExecutable }, isolated()));
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `Claude Code CLI not found: \`pathToClaudeCodeExecutable\` is ${JSON.stringify(notExecutable)}, a file that ` +
        `is not executable (no execute permission). Make it executable with \`chmod +x ${notExecutable}\`, or leave ` +
        'the option out to use the CLI installed with `npm install @anthropic-ai/claude-code`.',
    );
    const missing = thrown(() => findClaudeCli({ pathToClaudeCodeExecutable: join(dir, 'nope') }, isolated()));
    expect((missing as Error).message).toContain('which does not exist. Fix the path');
  });

  it('accepts an explicit JavaScript CLI that is readable but not executable', () => {
    const script = writeExecutable(join(makeTempDir(), 'cli.js'), 'console.log(1)\n', 0o644);
    expect(findClaudeCli({ pathToClaudeCodeExecutable: script }, isolated())).toBe(script);
  });

  it('finds the native binary of the installed @anthropic-ai/claude-code package', () => {
    const found = findClaudeCli({}, isolated({ resolveFrom: [join(PACKAGE_ROOT, 'index.js')] }));
    const packageDir = realClaudeCodeDir();
    expect(found.startsWith(dirname(packageDir))).toBe(true);
    // Either the package's bin after its postinstall, or the platform package's binary: native, not a stub.
    expect(statSync(found).size).toBeGreaterThan(1024 * 1024);
  });

  it('finds the installed package from this module when cwd has no node_modules', () => {
    const context = isolated();
    const { resolveFrom: _ignored, ...withoutResolveFrom } = context;
    const found = findClaudeCli({}, withoutResolveFrom);
    expect(found.startsWith(dirname(realClaudeCodeDir()))).toBe(true);
  });

  it("falls back to the real platform package's native binary while bin/claude.exe is the placeholder", () => {
    const { root, packageDir } = projectWithPlaceholder();
    const realNativeDirs = PLATFORM_KEYS.map((key) => join(dirname(realClaudeCodeDir()), `claude-code-${key}`)).filter(
      (dir) => {
        try {
          return statSync(dir).isDirectory();
        } catch {
          return false;
        }
      },
    );
    expect(realNativeDirs.length).toBeGreaterThan(0);
    for (const dir of realNativeDirs) {
      symlinkSync(dir, join(dirname(packageDir), dir.slice(dir.lastIndexOf('/') + 1)));
    }
    const found = findClaudeCli({}, isolated({ resolveFrom: [join(root, 'index.js')] }));
    expect(found).not.toBe(join(packageDir, 'bin', 'claude.exe'));
    expect(realpathSync(found)).toBe(realpathSync(join(realNativeDirs[0]!, 'claude')));
  });

  it('uses the platform package matching this machine', () => {
    const { root, packageDir } = projectWithPlaceholder();
    for (const key of PLATFORM_KEYS) {
      const dir = join(dirname(packageDir), `claude-code-${key}`);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `@anthropic-ai/claude-code-${key}` }));
      writeExecutable(join(dir, key.startsWith('win32') ? 'claude.exe' : 'claude'), `native ${key}`);
    }
    const found = findClaudeCli({}, isolated({ resolveFrom: [join(root, 'index.js')] }));
    expect(found).toMatch(new RegExp(`claude-code-${process.platform}-${process.arch}(-musl)?/claude(\\.exe)?$`));
  });

  it('does not use the placeholder when no platform package is installed', () => {
    const { root, packageDir } = projectWithPlaceholder();
    let error: unknown;
    try {
      findClaudeCli({}, isolated({ resolveFrom: [join(root, 'index.js')] }));
    } catch (caught) {
      error = caught;
    }
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).triedPaths).toContain(join(packageDir, 'bin', 'claude.exe'));
    expect((error as CliNotFoundError).missingPlatformPackage).toMatch(THIS_PLATFORM_PACKAGE);
    expect((error as Error).message).toContain(
      `@anthropic-ai/claude-code@0.0.0 is installed at ${realpathSync(packageDir)}`,
    );
  });

  it('never runs the placeholder reached through node_modules/.bin on PATH (as under `npm start`)', () => {
    const { root, packageDir } = projectWithPlaceholder();
    const bin = join(root, 'node_modules', '.bin');
    mkdirSync(bin);
    symlinkSync('../@anthropic-ai/claude-code/bin/claude.exe', join(bin, 'claude'));
    let error: unknown;
    try {
      findClaudeCli({}, isolated({ path: bin }));
    } catch (caught) {
      error = caught;
    }
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as CliNotFoundError).missingPlatformPackage).toMatch(THIS_PLATFORM_PACKAGE);
    expect((error as Error).message).toMatch(/without its native binary.*--omit=optional/s);

    // A working CLI further on PATH is used, and the lookup says what it passed over.
    const other = makeTempDir();
    const claude = writeExecutable(join(other, 'claude'), '#!/bin/sh\n');
    const found = locateClaudeCli({}, isolated({ path: `${bin}:${other}` }));
    expect(found.path).toBe(claude);
    expect(found.withoutBinary).toEqual([
      {
        packageDir: realpathSync(packageDir),
        version: '0.0.0',
        platformPackage: expect.stringMatching(THIS_PLATFORM_PACKAGE),
      },
    ]);
  });

  it('takes a small script on PATH as it is when it is not the package placeholder', () => {
    const bin = makeTempDir();
    const wrapper = writeExecutable(join(bin, 'claude'), '#!/bin/sh\nexec /opt/claude "$@"\n');
    expect(locateClaudeCli({}, isolated({ path: bin }))).toEqual({ path: wrapper, withoutBinary: [], shims: [] });
  });

  it('finds claude on PATH when no package is installed', () => {
    const emptyDir = makeTempDir();
    const bin = makeTempDir();
    const claude = writeExecutable(join(bin, 'claude'), '#!/bin/sh\n');
    const found = findClaudeCli({}, isolated({ path: `relative/dir:${emptyDir}:${bin}` }));
    expect(found).toBe(claude);
  });

  it('skips a non-executable claude on PATH', () => {
    const first = makeTempDir();
    const second = makeTempDir();
    writeExecutable(join(first, 'claude'), '#!/bin/sh\n', 0o644);
    const claude = writeExecutable(join(second, 'claude'), '#!/bin/sh\n');
    expect(findClaudeCli({}, isolated({ path: `${first}:${second}` }))).toBe(claude);
  });

  it('names a claude on PATH that is not executable, with chmod +x first, when nothing else is found', () => {
    const bin = makeTempDir();
    const file = writeExecutable(join(bin, 'claude'), '#!/bin/sh\n', 0o644);
    const error = thrown(() => findClaudeCli({}, isolated({ path: bin })));
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(`^Claude Code CLI not found: ${file} is a file named claude without execute permission`),
    );
    expect((error as Error).message).toContain(`(\`chmod +x ${file}\`)`);
  });

  it('prefers the installed package to PATH', () => {
    const bin = makeTempDir();
    writeExecutable(join(bin, 'claude'), '#!/bin/sh\n');
    const found = findClaudeCli({}, isolated({ path: bin, resolveFrom: [join(PACKAGE_ROOT, 'index.js')] }));
    expect(found.startsWith(dirname(realClaudeCodeDir()))).toBe(true);
  });

  it("finds the native installer's ~/.local/bin/claude last", () => {
    const context = isolated();
    mkdirSync(join(context.env.HOME, '.local', 'bin'), { recursive: true });
    const claude = writeExecutable(join(context.env.HOME, '.local', 'bin', 'claude'), '#!/bin/sh\n');
    expect(findClaudeCli({}, context)).toBe(claude);
  });

  it('throws CliNotFoundError listing every path tried when nothing is found', () => {
    const bin = makeTempDir();
    const context = isolated({ path: bin });
    let error: unknown;
    try {
      findClaudeCli({}, context);
    } catch (caught) {
      error = caught;
    }
    expect(CliNotFoundError.isInstance(error)).toBe(true);
    const tried = (error as CliNotFoundError).triedPaths;
    expect(tried).toContain(join(context.cwd, 'node_modules', '@anthropic-ai/claude-code'));
    expect(tried).toContain(join(bin, 'claude'));
    expect(tried).toContain(join(context.env.HOME, '.local', 'bin', 'claude'));
    expect((error as Error).message).toContain(join(bin, 'claude'));
    expect((error as Error).message).toContain('npm install @anthropic-ai/claude-code');
  });

  it('gives the fix before the paths looked at, and lists no path whose folder does not exist', () => {
    const bin = makeTempDir();
    const gone = join(makeTempDir(), 'no-such-folder');
    const context = isolated({ path: `${gone}:${bin}` });
    const error = thrown(() => findClaudeCli({}, context)) as CliNotFoundError;
    const message = error.message;
    expect(message.indexOf('npm install @anthropic-ai/claude-code')).toBeGreaterThan(0);
    expect(message.indexOf('npm install @anthropic-ai/claude-code')).toBeLessThan(message.indexOf('Looked at: '));
    expect(message).toContain(`Looked at: ${join(bin, 'claude')}`);
    // Still tried (the field says so), but no candidate: its folder is not there.
    expect(error.triedPaths).toContain(join(gone, 'claude'));
    expect(message).not.toContain(gone);
    expect(message).not.toContain(join(context.cwd, 'node_modules'));
    expect(message).not.toContain(join(context.env.HOME, '.claude', 'local'));
  });
});

/** What `run` throws. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('resolveCliCommand', () => {
  it('runs a native executable directly', () => {
    expect(resolveCliCommand('/opt/claude', { executable: 'node', executableArgs: ['--x'] })).toEqual({
      file: '/opt/claude',
      args: [],
    });
  });

  it('runs a script under the current runtime by default', () => {
    expect(isCliScript('/x/cli.mjs')).toBe(true);
    expect(resolveCliCommand('/x/cli.js', {})).toEqual({ file: process.execPath, args: ['/x/cli.js'] });
  });

  it('runs a script under the chosen runtime found on PATH, with its arguments first', () => {
    const bin = makeTempDir();
    const bun = writeExecutable(join(bin, 'bun'), '#!/bin/sh\n');
    expect(resolveCliCommand('/x/cli.cjs', { executable: 'bun', executableArgs: ['--smol'] }, { PATH: bin })).toEqual({
      file: bun,
      args: ['--smol', '/x/cli.cjs'],
    });
  });

  it('throws CliNotFoundError when the chosen runtime is not on PATH', () => {
    expect(() => resolveCliCommand('/x/cli.js', { executable: 'deno' }, { PATH: makeTempDir() })).toThrow(
      CliNotFoundError,
    );
  });
});
