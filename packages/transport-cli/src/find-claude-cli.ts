import { closeSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Options } from '@hexagent/core';
import { CliNotFoundError } from './cli-not-found-error.js';
import { findOnPath } from './find-on-path.js';
import { isExecutableFile, isReadableFile } from './is-executable-file.js';
import { moduleLocation } from './module-location.js';

/** The npm package that ships the Claude Code CLI. */
export const CLAUDE_CODE_PACKAGE = '@anthropic-ai/claude-code';

/** A `bin/claude.exe` smaller than this that starts with text is the install-time placeholder. */
const PLACEHOLDER_MAX_BYTES = 10 * 1024;

/** File extensions of a script build of the CLI, which a runtime must run (the official SDK's, and `.cjs`). */
const SCRIPT_EXTENSION = /\.(?:js|mjs|cjs|ts|tsx|jsx)$/i;

/** Test seams and overrides for {@link findClaudeCli}. Every field has a sensible default. */
export interface FindClaudeCliContext {
  /** Directory a relative `pathToClaudeCodeExecutable` and the package lookup start from (default `process.cwd()`). */
  cwd?: string;
  /** Environment whose `PATH` and `HOME` are searched (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Module locations (file paths or `file:` URLs) to resolve `@anthropic-ai/claude-code` from, in
   * order. Default: a file in `cwd`, then this module.
   */
  resolveFrom?: readonly string[];
}

/**
 * Find the Claude Code executable, in this order:
 * 1. `options.pathToClaudeCodeExecutable`, which must exist (no fallback when it is given; an empty
 *    string counts as not given);
 * 2. the `bin` of an installed `@anthropic-ai/claude-code`, resolved from the working directory and
 *    from this package (Node's `node_modules` lookup, without the global folders); while that is still the install-time placeholder (its postinstall did not
 *    run, e.g. with `--ignore-scripts`), the platform package's native binary
 *    (`@anthropic-ai/claude-code-<platform>-<arch>[-musl]/claude`) instead;
 * 3. `claude` on `PATH`;
 * 4. the native installer's locations, `~/.local/bin/claude` and `~/.claude/local/claude`.
 *
 * @returns the path of a native executable or of a JavaScript file (see {@link isCliScript}).
 * @throws CliNotFoundError listing every path tried.
 * @example
 * ```ts
 * const cli = findClaudeCli({}); // e.g. '/app/node_modules/@anthropic-ai/claude-code/bin/claude.exe'
 * ```
 */
export function findClaudeCli(
  options: Pick<Options, 'pathToClaudeCodeExecutable'>,
  context: FindClaudeCliContext = {},
): string {
  const cwd = context.cwd ?? process.cwd();
  const env = context.env ?? process.env;

  const explicit = options.pathToClaudeCodeExecutable;
  // An empty path is no path, as in the official SDK.
  if (explicit) {
    const path = resolve(cwd, explicit);
    if (isCliScript(path) ? isReadableFile(path) : isExecutableFile(path)) return path;
    throw new CliNotFoundError({
      triedPaths: [path],
      message:
        `Claude Code CLI not found: \`pathToClaudeCodeExecutable\` is ${JSON.stringify(path)}, which is not ` +
        `${isCliScript(path) ? 'a readable file' : 'an executable file'}. Fix the path, or leave the option out ` +
        'to use the CLI installed with `npm install @anthropic-ai/claude-code`.',
    });
  }

  const tried: string[] = [];
  const resolveFrom = context.resolveFrom ?? [join(cwd, 'index.js'), moduleLocation(import.meta.url)];
  for (const from of resolveFrom) {
    const found = findInPackage(from, tried);
    if (found !== undefined) return found;
  }

  const onPath = findOnPath('claude', env, tried);
  if (onPath !== undefined) return onPath;

  const home = env['HOME'] ?? env['USERPROFILE'] ?? homedir();
  for (const candidate of [join(home, '.local', 'bin', 'claude'), join(home, '.claude', 'local', 'claude')]) {
    tried.push(candidate);
    if (isExecutableFile(candidate)) return candidate;
  }

  throw new CliNotFoundError({ triedPaths: [...new Set(tried)] });
}

/** True when `path` is a JavaScript build of the CLI, to be run by `node`, `bun` or `deno`. */
export function isCliScript(path: string): boolean {
  return SCRIPT_EXTENSION.test(path);
}

/** The CLI inside the `@anthropic-ai/claude-code` package visible from `from`, if any. */
function findInPackage(from: string, tried: string[]): string | undefined {
  const packageDir = findPackageDir(CLAUDE_CODE_PACKAGE, from);
  if (packageDir === undefined) {
    tried.push(join(directoryOf(from), 'node_modules', CLAUDE_CODE_PACKAGE));
    return undefined;
  }

  const bin = readBin(join(packageDir, 'package.json'));
  if (bin !== undefined) {
    const binPath = join(packageDir, bin);
    tried.push(binPath);
    if (isCliScript(binPath) ? isReadableFile(binPath) : isExecutableFile(binPath) && !isPlaceholder(binPath)) {
      return binPath;
    }
  }

  // The platform package is a dependency of the claude-code package, so it is looked up from there.
  const manifest = join(packageDir, 'package.json');
  for (const { name, bin: binary } of platformPackages()) {
    const nativeDir = findPackageDir(name, manifest);
    if (nativeDir === undefined) {
      tried.push(join(dirname(dirname(packageDir)), name, binary));
      continue;
    }
    const native = join(nativeDir, binary);
    tried.push(native);
    if (isExecutableFile(native)) return native;
  }
  return undefined;
}

/**
 * The directory of package `name` as Node would resolve it from the module `from`, but only from a
 * `node_modules` folder above `from`: the global folders (`NODE_PATH`, `~/.node_modules`) are not
 * "installed here", and a package manager's shims put its whole store on `NODE_PATH`. Under Yarn
 * Plug'n'Play, whose resolution has no folders, Node's resolution is used as is.
 */
function findPackageDir(name: string, from: string): string | undefined {
  const require = createRequire(from);
  const local = new Set<string>();
  for (let dir = directoryOf(from); ; dir = dirname(dir)) {
    local.add(join(dir, 'node_modules'));
    if (dirname(dir) === dir) break;
  }
  for (const dir of require.resolve.paths(name) ?? []) {
    if (!local.has(dir)) continue;
    const candidate = join(dir, name);
    if (isReadableFile(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  if (process.versions['pnp'] !== undefined) {
    try {
      return dirname(require.resolve(`${name}/package.json`));
    } catch {
      // Not installed.
    }
  }
  return undefined;
}

/** The `claude` entry of the package's `bin`, relative to the package. */
function readBin(manifestPath: string): string | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (typeof manifest !== 'object' || manifest === null) return undefined;
    const bin: unknown = (manifest as Record<string, unknown>)['bin'];
    if (typeof bin === 'string') return bin;
    if (typeof bin === 'object' && bin !== null) {
      const claude: unknown = (bin as Record<string, unknown>)['claude'];
      if (typeof claude === 'string') return claude;
    }
  } catch {
    // An unreadable manifest is treated like a missing bin: the platform package may still be there.
  }
  return undefined;
}

/**
 * The package's `bin/claude.exe` is a small text stub until its postinstall copies the native
 * binary over it; running the stub only prints install instructions.
 */
function isPlaceholder(path: string): boolean {
  try {
    if (statSync(path).size >= PLACEHOLDER_MAX_BYTES) return false;
    const head = Buffer.alloc(64);
    const fd = openSync(path, 'r');
    let length: number;
    try {
      length = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    for (let i = 0; i < length; i++) {
      const byte = head[i] ?? 0;
      const isText = byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte < 0x7f);
      if (!isText) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The platform packages that may hold a native binary for this machine, best first. */
function platformPackages(): Array<{ name: string; bin: string }> {
  const { platform, arch } = process;
  let keys: string[];
  if (platform === 'linux') keys = [`linux-${arch}${isMusl() ? '-musl' : ''}`];
  else if (platform === 'android') keys = [`linux-${arch}-android`];
  // An x64 Node under Rosetta 2 can run the arm64 binary, which is the one that works there.
  else if (platform === 'darwin' && arch === 'x64') keys = ['darwin-x64', 'darwin-arm64'];
  else keys = [`${platform}-${arch}`];
  const bin = platform === 'win32' ? 'claude.exe' : 'claude';
  return keys.map((key) => ({ name: `${CLAUDE_CODE_PACKAGE}-${key}`, bin }));
}

let muslCache: boolean | undefined;

/** Linux with musl libc (Alpine): Node's report has no glibc version there. */
function isMusl(): boolean {
  if (muslCache === undefined) {
    try {
      const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
      muslCache = report !== undefined && report.header?.glibcVersionRuntime === undefined;
    } catch {
      muslCache = false;
    }
  }
  return muslCache;
}

/** The directory of a module given as a path or a `file:` URL. */
function directoryOf(from: string): string {
  return dirname(from.startsWith('file:') ? fileURLToPath(from) : from);
}
