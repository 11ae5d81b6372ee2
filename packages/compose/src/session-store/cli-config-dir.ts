import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { projectKeyForPath } from '@hexagent/core';

/** An environment as a query gives it to the CLI (`options.env`, or else `process.env`). */
export type CliEnv = Readonly<Record<string, string | undefined>>;

/** The CLI's config directory for `env`: `CLAUDE_CONFIG_DIR`, or else `~/.claude`. */
export function cliConfigDir(env: CliEnv): string {
  return env.CLAUDE_CONFIG_DIR ?? join(homedir(), '.claude');
}

/** Where the CLI keeps its transcripts for `env`: `<config dir>/projects`. */
export function cliProjectsDir(env: CliEnv): string {
  return join(cliConfigDir(env), 'projects');
}

/**
 * The project directory name the CLI uses for `cwd` (and the default store `projectKey`): the
 * real path of `cwd` (resolved, symlinks followed when it exists), sanitized by
 * {@link projectKeyForPath}; with `CLAUDE_CONFIG_DIR` set, a plain `CLAUDE_CODE_PROJECT_DIR_NAME`
 * overrides it, as in the official SDK.
 *
 * @example
 * ```ts
 * projectDirName('/home/me/app', process.env); // '-home-me-app'
 * ```
 */
export function projectDirName(cwd: string | undefined, env: CliEnv): string {
  const override = env.CLAUDE_CONFIG_DIR !== undefined ? env.CLAUDE_CODE_PROJECT_DIR_NAME : undefined;
  if (override !== undefined && /^[A-Za-z0-9._-]+$/.test(override) && override !== '.' && override !== '..') {
    return override;
  }
  const absolute = resolve(cwd ?? '.');
  let real = absolute;
  try {
    real = realpathSync(absolute);
  } catch {
    // A directory that does not exist yet keeps its resolved path.
  }
  return projectKeyForPath(process.platform === 'darwin' ? real.normalize('NFC') : real);
}
