import { statSync } from 'node:fs';
import { createSession, defaultSessionFactories } from '@hexagent/compose';
import { checkSessionOptions, type Options } from '@hexagent/core';
import { findCliEnvProblems } from '@hexagent/transport-cli';
import { unknownOptionMessages } from '@hexagent/transport-kit';
import type { DoctorCheck } from './doctor-types.js';

/** The message of whatever was thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The options as `query()` checks them before it starts anything (the transport's checks when the
 * session is made, the session's own when it starts), without starting anything; an option key
 * neither SDK knows (`maxTurn`) is a warning, as the query warns about it.
 */
export function checkOptions(options: Options): DoctorCheck {
  try {
    createSession(options, defaultSessionFactories());
    checkSessionOptions(options);
    const unknown = unknownOptionMessages(options);
    if (unknown.length > 0) {
      return {
        name: 'Options',
        status: 'warning',
        detail: unknown.map((found) => found.message).join(' '),
        fix: 'Fix the spelling: both SDKs ignore an option they do not know, so a query runs without it.',
      };
    }
    return { name: 'Options', status: 'ok', detail: 'accepted' };
  } catch (error) {
    return {
      name: 'Options',
      status: 'problem',
      detail: messageOf(error),
      fix: 'Fix the option named: `query()` with these options throws this error before starting the CLI.',
    };
  }
}

/** `options.cwd` is a directory (a query refuses it otherwise), or is left out. */
export function checkWorkingDirectory(cwd: string | undefined): DoctorCheck {
  if (cwd === undefined)
    return { name: 'Working directory', status: 'ok', detail: `${process.cwd()} (this process's)` };
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    // Reported below.
  }
  return isDirectory
    ? { name: 'Working directory', status: 'ok', detail: cwd }
    : {
        name: 'Working directory',
        status: 'problem',
        detail: `${cwd} is not an existing directory`,
        fix: 'Set `cwd` to an existing directory: a query with this `cwd` fails with InvalidOptionError.',
      };
}

/**
 * The environment a query gives the CLI: `options.env` replaces the whole environment (as in the
 * official SDK), so one without `PATH` leaves the CLI's tools without programs: a problem, since
 * every tool call that runs a program fails (the query's spawn warns with the same check).
 */
export function checkEnvironment(options: Options): DoctorCheck {
  const problem = findCliEnvProblems(options, process.platform, false).find(
    (found) => found.code === 'HEXAGENT_ENV_WITHOUT_PATH',
  );
  if (problem !== undefined) {
    return {
      name: 'Environment',
      status: 'problem',
      detail: 'options.env has no PATH: the CLI starts, but its Bash tool, hooks and MCP servers find no programs',
      fix: problem.fix,
    };
  }
  const count = Object.values(options.env ?? {}).filter((value) => value !== undefined).length;
  return {
    name: 'Environment',
    status: 'ok',
    detail: options.env === undefined ? "this process's environment" : `options.env: ${count} variables, PATH set`,
  };
}
