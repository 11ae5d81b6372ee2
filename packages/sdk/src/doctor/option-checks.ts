import { statSync } from 'node:fs';
import { checkSessionOptions, type Options } from '@hexagent/core';
import { findCliEnvProblems } from '@hexagent/transport-cli';
import { createSession } from '../create-session.js';
import type { DoctorCheck } from './doctor-types.js';

/** The message of whatever was thrown. */
function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The options as `query()` checks them before it starts anything (the transport's checks when the
 * session is made, the session's own when it starts), without starting anything.
 */
export function checkOptions(options: Options): DoctorCheck {
  try {
    createSession(options);
    checkSessionOptions(options);
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
 * official SDK), so one without `PATH` leaves the CLI's tools without programs.
 */
export function checkEnvironment(options: Options): DoctorCheck {
  const problem = findCliEnvProblems(options).find((found) => found.code === 'HEXAGENT_ENV_WITHOUT_PATH');
  if (problem !== undefined) {
    return { name: 'Environment', status: 'warning', detail: 'options.env has no PATH', fix: problem.message };
  }
  const count = Object.values(options.env ?? {}).filter((value) => value !== undefined).length;
  return {
    name: 'Environment',
    status: 'ok',
    detail: options.env === undefined ? "this process's environment" : `options.env: ${count} variables, PATH set`,
  };
}
