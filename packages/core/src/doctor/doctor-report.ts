/** How one check of `doctor()` ended: `ok`, a `warning` (may work), or a `problem` (will not work). */
export type DoctorStatus = 'ok' | 'warning' | 'problem';

/** One check of `doctor()`: what it found and, unless it is fine, how to fix it. */
export interface DoctorCheck {
  /** What was checked, e.g. `Claude Code CLI`. */
  name: string;
  status: DoctorStatus;
  /** What was found (secrets in it redacted). */
  detail: string;
  /** What to do about it (absent when the check is `ok`). */
  fix?: string;
}

/**
 * What `doctor()` (`@hexagent/doctor`) found. The report and its text live here, so the facade
 * formats one without loading the doctor, which it imports only when `doctor()` is called.
 */
export interface DoctorReport {
  /** True when no check is a `problem`. */
  ok: boolean;
  checks: DoctorCheck[];
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
  lines.push(verdict(report));
  return lines.join('\n');
}

/** The last line: it follows the findings, as the exit code of `hexagent doctor` does. */
function verdict(report: DoctorReport): string {
  if (!report.ok) return 'hexagent cannot run queries here until the FAIL lines are fixed.';
  const warnings = report.checks.filter((check) => check.status === 'warning').length;
  if (warnings === 0) return 'hexagent can run queries here.';
  return `hexagent can run queries here; read the ${warnings === 1 ? 'warn line' : `${warnings} warn lines`} above.`;
}
