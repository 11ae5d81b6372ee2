import type { DoctorOptions } from '@hexagent/doctor';
import type { DoctorReport } from './public-types.js';

/**
 * Checks what a query needs, as a query with `doctorOptions.options` would see it (Node.js, the
 * options, the working directory, the environment, the Claude Code CLI, its config directory, the
 * authentication variables, the libc, optionally one Messages API request, and that the CLI starts
 * and answers `initialize`), and says how to fix what is wrong. It never throws: bad options are a
 * `problem` in the report. The doctor (`@hexagent/doctor`) is loaded on the first call, so
 * importing the facade does not link it.
 *
 * @example
 * ```ts
 * import { doctor, formatDoctorReport } from '@hexagent/sdk';
 *
 * const report = await doctor({ options: { cwd: '/srv/app' } });
 * console.log(formatDoctorReport(report));
 * ```
 */
export async function doctor(doctorOptions: DoctorOptions = {}): Promise<DoctorReport> {
  const loaded = await import('@hexagent/doctor');
  return loaded.doctor(doctorOptions);
}
