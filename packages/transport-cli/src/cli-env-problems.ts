import { mkdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Options } from '@hexagent/core';
import { warnOnce } from '@hexagent/transport-kit';
import { envValue } from './env-value.js';

/** A mistake in the CLI's environment that the CLI starts with, but that breaks something later. */
export interface CliEnvProblem {
  /** A stable name for the problem, also the code of its process warning. */
  code: 'HEXAGENT_ENV_WITHOUT_PATH' | 'HEXAGENT_CONFIG_DIR_NOT_A_DIRECTORY' | 'HEXAGENT_CONFIG_DIR_NOT_WRITABLE';
  /** The variable at fault (`PATH`, `CLAUDE_CONFIG_DIR`, `HOME`). */
  variable: string;
  /** What goes wrong, and the fix: `detail` and `fix` in one text, for the process warning. */
  message: string;
  /** What goes wrong. */
  detail: string;
  /** What to do about it. */
  fix: string;
}

function problem(code: CliEnvProblem['code'], variable: string, detail: string, fix: string): CliEnvProblem {
  return { code, variable, message: `${detail}. ${fix}`, detail, fix };
}

/**
 * The CLI's config directory for the environment it gets: `CLAUDE_CONFIG_DIR` (relative to `cwd`),
 * else `.claude` in its `HOME` (`USERPROFILE` on Windows), else in this account's home, which is
 * where the CLI goes without `HOME`.
 */
export function cliConfigDirOf(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
  platform: NodeJS.Platform = process.platform,
): { dir: string; variable: string } {
  const configured = envValue(env, 'CLAUDE_CONFIG_DIR', platform);
  if (configured !== undefined && configured !== '')
    return { dir: resolve(cwd, configured), variable: 'CLAUDE_CONFIG_DIR' };
  const homeVariable = platform === 'win32' ? 'USERPROFILE' : 'HOME';
  const home = envValue(env, homeVariable, platform);
  return { dir: join(home === undefined || home === '' ? homedir() : home, '.claude'), variable: homeVariable };
}

/**
 * What is wrong with the environment a query gives the CLI (`options.env`, else this process's):
 * - `options.env` without `PATH`: `env` replaces the CLI's whole environment (the official SDK's
 *   semantics), so the CLI starts, but its Bash tool finds no program (`ls: No such file or
 *   directory`) and its hooks and MCP servers none either;
 * - a config directory (`CLAUDE_CONFIG_DIR`, else `~/.claude`) that is a file, or under one, or that
 *   cannot be created or written (`/sys/claude-cfg`, a read-only mount): the CLI answers queries,
 *   but saves no session, so a later `resume` finds "No conversation found".
 *
 * `HOME` is not required: without it the CLI uses the account's home directory. The config
 * directory is checked by doing what the CLI will do, not by asking `access()` (which says yes to
 * root everywhere): a directory yet to be made is made and removed again, an existing one gets a
 * file written and removed (`probeConfigDir`), unless `probe` is false.
 *
 * @example
 * ```ts
 * findCliEnvProblems({ env: { ANTHROPIC_API_KEY: 'sk-...' } });
 * // [{ code: 'HEXAGENT_ENV_WITHOUT_PATH', variable: 'PATH', message: '`env` has no PATH: ...' }]
 * ```
 */
export function findCliEnvProblems(
  options: Pick<Options, 'env' | 'cwd'>,
  platform: NodeJS.Platform = process.platform,
  probe = true,
): CliEnvProblem[] {
  const problems: CliEnvProblem[] = [];
  const given = options.env;
  if (given !== undefined && (envValue(given, 'PATH', platform) ?? '') === '') {
    problems.push(
      problem(
        'HEXAGENT_ENV_WITHOUT_PATH',
        'PATH',
        '`env` has no PATH: `env` replaces the whole environment of the Claude Code CLI (as in the official ' +
          "SDK), so the CLI's tools, hooks and MCP servers find no programs (Bash fails with " +
          '"No such file or directory")',
        'Pass `env: { ...process.env, ...yours }` to add variables.',
      ),
    );
  }
  const { dir, variable } = cliConfigDirOf(given ?? process.env, options.cwd, platform);
  const noSession = 'the CLI answers queries, but saves no session (a later `resume` finds "No conversation found")';
  const notADirectory = notADirectoryAt(dir);
  if (notADirectory !== undefined) {
    problems.push(
      problem(
        'HEXAGENT_CONFIG_DIR_NOT_A_DIRECTORY',
        variable,
        `Claude Code's config directory ${dir} (from ${variable}) ${notADirectory}: ${noSession} and reads no settings there`,
        'Move the file away, or set CLAUDE_CONFIG_DIR to a directory.',
      ),
    );
    return problems;
  }
  const unwritable = probe ? probeConfigDir(dir) : undefined;
  if (unwritable !== undefined) {
    problems.push(
      problem(
        'HEXAGENT_CONFIG_DIR_NOT_WRITABLE',
        variable,
        `Claude Code's config directory ${dir} (from ${variable}) ${unwritable}: ${noSession}`,
        'Set CLAUDE_CONFIG_DIR to a directory this user can write, or make that one writable.',
      ),
    );
  }
  return problems;
}

/** Why `dir` cannot be a directory (it is a file, or under one), or `undefined` when it is one or can be made. */
function notADirectoryAt(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? undefined : 'is a file, not a directory';
  } catch (error) {
    return (error as { code?: unknown }).code === 'ENOTDIR' ? 'is under a file, not a directory' : undefined;
  }
}

/**
 * Whether the CLI can make and write its config directory, found by doing it: a missing `dir` is
 * made (with its missing parents) and removed again, folder by folder and only while empty, so a
 * CLI writing there at the same moment loses nothing; an existing one gets a file written and
 * removed.
 *
 * @returns why it cannot (`cannot be created (EACCES: ...)`, `is not writable (EROFS: ...)`), or
 * `undefined` when it can.
 */
export function probeConfigDir(dir: string): string | undefined {
  let made: string[] = [];
  try {
    let missing = dir;
    while (!exists(missing) && dirname(missing) !== missing) {
      made = [missing, ...made];
      missing = dirname(missing);
    }
    if (made.length > 0) {
      try {
        mkdirSync(dir, { recursive: true });
      } catch (error) {
        made = made.filter(exists);
        return `cannot be created (${reasonOf(error)})`;
      }
    }
    const probe = join(dir, `.hexagent-probe-${process.pid}-${Math.random().toString(36).slice(2)}`);
    try {
      writeFileSync(probe, '', { flag: 'wx' });
      unlinkSync(probe);
    } catch (error) {
      return `is not writable (${reasonOf(error)})`;
    }
    return undefined;
  } finally {
    for (const created of made.reverse()) {
      try {
        rmdirSync(created);
      } catch {
        break;
      }
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `EACCES: permission denied`: the code and what Node says, without the path (the message names it). */
function reasonOf(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const said = typeof message === 'string' ? message.replace(/, \w+ '.*'$/, '') : String(error);
  return typeof code === 'string' && !said.startsWith(code) ? `${code}: ${said}` : said;
}

const probedDirs = new Set<string>();

/**
 * Emits each of {@link findCliEnvProblems}'s problems as a process warning with the problem's
 * `code` (`warnOnce`: once per process and code, the official SDK's way of saying what it would
 * like to refuse). The query goes on as the official SDK's would. A config directory is written to
 * (`probeConfigDir`) only the first time this process starts a CLI with it.
 */
export function warnAboutCliEnv(options: Pick<Options, 'env' | 'cwd'>): void {
  const { dir } = cliConfigDirOf(options.env ?? process.env, options.cwd);
  const probe = !probedDirs.has(dir);
  probedDirs.add(dir);
  for (const problem of findCliEnvProblems(options, process.platform, probe)) warnOnce(problem.code, problem.message);
}
