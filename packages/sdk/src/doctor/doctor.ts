import type { Options } from '@hexagent/core';
import { buildCliEnv } from '@hexagent/transport-cli';
import { checkCliFound, checkCliStarts, checkCliVersion } from './cli-checks.js';
import type { DoctorCheck, DoctorOptions, DoctorReport } from './doctor-types.js';
import { checkAuth, checkConfigDir, checkLibc, checkNode } from './environment-checks.js';

/**
 * Checks what a query needs, as a query with `options.options` would see it: Node.js, the Claude
 * Code CLI (found where, which version, against the supported range), its config directory, the
 * authentication variables (by name), the libc, and that the CLI starts and answers `initialize`
 * (which makes no model request). Every check that is not fine says how to fix it. Also the
 * `hexagent doctor` command.
 *
 * @example
 * ```ts
 * import { doctor, formatDoctorReport } from '@hexagent/sdk';
 *
 * const report = await doctor();
 * console.log(formatDoctorReport(report));
 * ```
 */
export async function doctor(doctorOptions: DoctorOptions = {}): Promise<DoctorReport> {
  const options: Options = doctorOptions.options ?? {};
  const env = Object.fromEntries(
    Object.entries(buildCliEnv(options)).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const checks: DoctorCheck[] = [checkNode()];
  const found = checkCliFound(options, env);
  checks.push(found.check);
  if (found.path !== undefined) checks.push(await checkCliVersion(found.path, options, env));
  checks.push(checkConfigDir(env), checkAuth(env), checkLibc(found.path));
  if (found.path !== undefined && checks.every((check) => check.status !== 'problem')) {
    checks.push(await checkCliStarts(options, doctorOptions.startTimeoutMs ?? 30_000));
  }
  return { ok: checks.every((check) => check.status !== 'problem'), checks };
}

const MARKS = { ok: 'ok  ', warning: 'warn', problem: 'FAIL' } as const;

/**
 * The report as text, one line per check and an indented fix under each that is not fine.
 *
 * @example
 * ```ts
 * console.log(formatDoctorReport(await doctor())); // "ok   Node.js: 20.20.2" ...
 * ```
 */
export function formatDoctorReport(report: DoctorReport): string {
  const lines = report.checks.flatMap((check) => [
    `${MARKS[check.status]} ${check.name}: ${check.detail}`,
    ...(check.fix === undefined ? [] : [`     fix: ${check.fix}`]),
  ]);
  lines.push(
    report.ok ? 'hexagent can run queries here.' : 'hexagent cannot run queries here until the FAIL lines are fixed.',
  );
  return lines.join('\n');
}
