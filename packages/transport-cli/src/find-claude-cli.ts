import type { LocalProcessHints } from '@hexagent/core';
import { CliNotFoundError, moduleLocation } from '@hexagent/transport-kit';
import { type CliLookupHost, nodeCliLookupHost } from './cli-lookup-host.js';
import { cliNotFound } from './cli-not-found.js';
import { envValue } from './env-value.js';
import {
  CLAUDE_CODE_PACKAGE,
  type CliPackageWithoutBinary,
  findCliFromModule,
  isCliScript,
  type PackageLookup,
  realCliFor,
} from './find-cli-in-package.js';
import { findOnPath } from './find-on-path.js';
import { runsWithoutShell, windowsShimTarget } from './windows-shim-target.js';

export { CLAUDE_CODE_PACKAGE, type CliPackageWithoutBinary, isCliScript };

/** Test seams and overrides for {@link findClaudeCli}. Every field has a sensible default. */
export interface FindClaudeCliContext {
  /** Directory a relative `pathToClaudeCodeExecutable` and the package lookup start from (default `process.cwd()`). */
  cwd?: string;
  /** Environment whose `PATH`, `PATHEXT`, `HOME` and `USERPROFILE` are searched (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Module locations (file paths or `file:` URLs) to resolve `@anthropic-ai/claude-code` from, in
   * order. Default: a file in `cwd`, then this module.
   */
  resolveFrom?: readonly string[];
  /** The machine whose files and rules the lookup reads (default this one; a test passes a Windows one). */
  host?: CliLookupHost;
}

/** Where {@link locateClaudeCli} found the CLI, and what it passed over on the way. */
export interface ClaudeCliLocation {
  /** The path of a native executable or of a JavaScript file (see {@link isCliScript}). */
  path: string;
  /** `@anthropic-ai/claude-code` packages found without their native binary before the CLI was. */
  withoutBinary: CliPackageWithoutBinary[];
  /** Windows shims passed over because they name no native executable and need a shell. */
  shims: string[];
}

/**
 * Find the Claude Code executable, in this order:
 * 1. `options.pathToClaudeCodeExecutable`, which must exist (no fallback when it is given; an empty
 *    string counts as not given);
 * 2. the `bin` of an installed `@anthropic-ai/claude-code`, resolved from the working directory and
 *    from this package (Node's `node_modules` lookup, without the global folders); while that is
 *    still the install-time placeholder (its postinstall did not run, e.g. with `--ignore-scripts`),
 *    the platform package's native binary (`@anthropic-ai/claude-code-<platform>-<arch>[-musl]/claude`);
 * 3. `claude` on `PATH` (on Windows by `PATHEXT`, see `findOnPath`);
 * 4. the native installer's locations, `~/.local/bin/claude` and `~/.claude/local/claude`.
 *
 * Nothing is run through a shell: on Windows a `.cmd`/`.ps1` shim (npm's `claude.cmd`, or one given
 * as `pathToClaudeCodeExecutable`) stands for the `claude.exe` it runs, and is refused when it names
 * none. The placeholder is never returned, however it is reached (`node_modules/.bin/claude` on
 * `PATH`, as under `npm start`, included).
 *
 * @returns the path of a native executable or of a JavaScript file (see {@link isCliScript}).
 * @throws CliNotFoundError listing every path tried; with `missingPlatformPackage` set when an
 * `@anthropic-ai/claude-code` was found without its platform package (`npm install --omit=optional`).
 * @example
 * ```ts
 * const cli = findClaudeCli({}); // e.g. '/app/node_modules/@anthropic-ai/claude-code/bin/claude.exe'
 * ```
 */
export function findClaudeCli(
  options: Pick<LocalProcessHints, 'pathToClaudeCodeExecutable'>,
  context: FindClaudeCliContext = {},
): string {
  return locateClaudeCli(options, context).path;
}

/**
 * {@link findClaudeCli}, with what the lookup passed over on the way (a package without its
 * binary, Windows shims), for a report such as `hexagent doctor`'s.
 *
 * @throws CliNotFoundError as {@link findClaudeCli}.
 */
export function locateClaudeCli(
  options: Pick<LocalProcessHints, 'pathToClaudeCodeExecutable'>,
  context: FindClaudeCliContext = {},
): ClaudeCliLocation {
  const host = context.host ?? nodeCliLookupHost;
  const cwd = context.cwd ?? process.cwd();
  const env = context.env ?? process.env;
  const lookup: PackageLookup = { host, tried: [], withoutBinary: [] };
  const shims: string[] = [];
  const notExecutable: string[] = [];
  const found = (path: string): ClaudeCliLocation => ({ path, withoutBinary: lookup.withoutBinary, shims });

  const explicit = options.pathToClaudeCodeExecutable;
  // An empty path is no path, as in the official SDK.
  if (explicit) return found(findExplicit(host.path.resolve(cwd, explicit), lookup));

  const resolveFrom = context.resolveFrom ?? [host.path.join(cwd, 'index.js'), moduleLocation(import.meta.url)];
  for (const from of resolveFrom) {
    const inPackage = findCliFromModule(from, lookup);
    if (inPackage !== undefined) return found(inPackage);
  }

  const accept = (file: string) => realCliFor(file, lookup);
  const onPath = findOnPath('claude', env, { host, tried: lookup.tried, shims, notExecutable, accept });
  if (onPath !== undefined) return found(onPath);

  const windows = host.platform === 'win32';
  const home =
    (windows ? envValue(env, 'USERPROFILE', host.platform) : undefined) ??
    envValue(env, 'HOME', host.platform) ??
    host.homedir();
  const name = windows ? 'claude.exe' : 'claude';
  for (const candidate of [
    host.path.join(home, '.local', 'bin', name),
    host.path.join(home, '.claude', 'local', name),
  ]) {
    lookup.tried.push(candidate);
    if (host.isExecutableFile(candidate)) return found(candidate);
    if (host.isFile(candidate)) notExecutable.push(candidate);
  }

  throw cliNotFound({ host, tried: lookup.tried, withoutBinary: lookup.withoutBinary[0], shims, notExecutable });
}

/** `pathToClaudeCodeExecutable`, resolved: the file, the `.exe` behind a Windows shim, or the placeholder's binary. */
function findExplicit(path: string, lookup: PackageLookup): string {
  const { host } = lookup;
  const script = isCliScript(path);
  if (script ? !host.isReadableFile(path) : !host.isExecutableFile(path)) throw explicitNotUsable(path, script, host);
  if (script) return path;
  const runnable = host.platform !== 'win32' || runsWithoutShell(path) ? path : windowsShimTarget(path, host);
  if (runnable === undefined) throw cliNotFound({ host, tried: [path], shims: [path], explicit: true });
  const real = realCliFor(runnable, lookup);
  if (real === undefined)
    throw cliNotFound({ host, tried: [path, ...lookup.tried], withoutBinary: lookup.withoutBinary[0] });
  return real;
}

/** Why `pathToClaudeCodeExecutable` cannot be run, and the fix: it is missing, a directory, or not executable. */
function explicitNotUsable(path: string, script: boolean, host: CliLookupHost): CliNotFoundError {
  const named = `\`pathToClaudeCodeExecutable\` is ${JSON.stringify(path)}`;
  const orLeaveOut = 'or leave the option out to use the CLI installed with `npm install @anthropic-ai/claude-code`.';
  let message: string;
  if (host.isDirectory(path)) {
    message = `${named}, a directory. Set it to the \`claude\` executable itself (for example ${host.path.join(path, 'claude')}), ${orLeaveOut}`;
  } else if (host.isFile(path)) {
    message = script
      ? `${named}, a file this process may not read. Make it readable (\`chmod +r ${path}\`), ${orLeaveOut}`
      : `${named}, a file that is not executable (no execute permission). Make it executable with \`chmod +x ${path}\`, ${orLeaveOut}`;
  } else {
    message = `${named}, which does not exist. Fix the path, ${orLeaveOut}`;
  }
  return new CliNotFoundError({ triedPaths: [path], message: `Claude Code CLI not found: ${message}` });
}
