import type { AccountInfo, Options } from '@hexagent/core';
import { buildCliEnv, redactSecrets } from '@hexagent/transport-kit';
import { checkApi } from './api-check.js';
import { checkCliFound, checkCliStarts, checkCliVersion } from './cli-checks.js';
import type { DoctorCheck, DoctorOptions, DoctorReport } from './doctor-types.js';
import { authFromCli, checkAuth, checkConfigDir, checkLibc, checkNode } from './environment-checks.js';
import { checkEnvironment, checkOptions, checkWorkingDirectory } from './option-checks.js';

/**
 * Checks what a query needs, as a query with `options.options` would see it: Node.js, the options
 * themselves (as `query()` checks them), the working directory, the environment (`env` replaces the
 * CLI's whole environment), the Claude Code CLI (found where, which version, against the supported
 * range; an npm install without its platform package), its config directory, the authentication
 * variables (by name), the libc, with `checkApi` one minimal Messages API request with those
 * credentials, and that the CLI starts and answers `initialize` (which makes no model request).
 * Every check that is not fine says how to fix it, and secrets are redacted from every line. It
 * never throws: bad options are a `problem` in the report. Also the `hexagent doctor` command.
 *
 * @example
 * ```ts
 * import { doctor, formatDoctorReport } from '@hexagent/sdk';
 *
 * const report = await doctor({ options: { cwd: '/srv/app', env: { ...process.env, ANTHROPIC_API_KEY: key } } });
 * console.log(formatDoctorReport(report));
 * ```
 */
export async function doctor(doctorOptions: DoctorOptions = {}): Promise<DoctorReport> {
  const options: Options = doctorOptions.options ?? {};
  const checks: DoctorCheck[] = [checkNode()];
  await run(checks, 'Options', () => checkOptions(options));
  await run(checks, 'Working directory', () => checkWorkingDirectory(options.cwd));
  await run(checks, 'Environment', () => checkEnvironment(options));
  let env: Record<string, string> = {};
  await run(checks, 'CLI environment', () => {
    env = Object.fromEntries(
      Object.entries(buildCliEnv(options)).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return undefined;
  });
  let cliPath: string | undefined;
  await run(checks, 'Claude Code CLI', () => {
    const found = checkCliFound(options, env);
    cliPath = found.path;
    return found.check;
  });
  const path = cliPath;
  if (path !== undefined) await run(checks, 'CLI version', () => checkCliVersion(path, options, env));
  await run(checks, 'Config directory', () => checkConfigDir(env, options.cwd));
  await run(checks, 'Authentication', () => checkAuth(env));
  await run(checks, 'libc', () => checkLibc(path));
  if (doctorOptions.checkApi === true) {
    await run(checks, 'API credentials', () => checkApi(env, doctorOptions.apiTimeoutMs ?? 15_000));
  }
  // Started unless a query would not get that far; a missing key or a bad config directory does not stop a start.
  if (path !== undefined && checks.every((check) => check.status !== 'problem' || !STOPS_A_START.has(check.name))) {
    let account: AccountInfo | undefined;
    await run(checks, 'CLI start', async () => {
      const started = await checkCliStarts(options, doctorOptions.startTimeoutMs ?? 30_000);
      account = started.account;
      return started.check;
    });
    // The CLI's own word on its credentials (a key helper, settings env) settles the Authentication line.
    const auth = checks.findIndex((check) => check.name === 'Authentication');
    const fromEnv = checks[auth];
    if (account !== undefined && fromEnv !== undefined) checks[auth] = authFromCli(fromEnv, account);
  }
  const redacted = checks.map(({ fix, ...check }) => ({
    ...check,
    detail: redactSecrets(check.detail),
    ...(fix !== undefined && { fix: redactSecrets(fix) }),
  }));
  return { ok: redacted.every((check) => check.status !== 'problem'), checks: redacted };
}

/** Runs one check, turning whatever it throws into a `problem` (`undefined`: no line of its own). */
async function run(
  checks: DoctorCheck[],
  name: string,
  check: () => DoctorCheck | undefined | Promise<DoctorCheck | undefined>,
): Promise<void> {
  try {
    const result = await check();
    if (result !== undefined) checks.push(result);
  } catch (error) {
    checks.push({
      name,
      status: 'problem',
      detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      fix: 'A query with these options fails the same way: fix what the message names.',
    });
  }
}

/** The checks whose problem means a query fails before the CLI answers, so the doctor does not start it. */
const STOPS_A_START = new Set([
  'Options',
  'Working directory',
  'CLI environment',
  'Claude Code CLI',
  'CLI version',
  'libc',
]);
