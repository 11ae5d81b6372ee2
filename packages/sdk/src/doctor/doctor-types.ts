import type { Options } from '@hexagent/core';

/** How one check of {@link doctor} ended: `ok`, a `warning` (may work), or a `problem` (will not work). */
export type DoctorStatus = 'ok' | 'warning' | 'problem';

/** One check of `doctor()`: what it found and, unless it is fine, how to fix it. */
export interface DoctorCheck {
  /** What was checked, e.g. `Claude Code CLI`. */
  name: string;
  status: DoctorStatus;
  /** What was found. */
  detail: string;
  /** What to do about it (absent when the check is `ok`). */
  fix?: string;
}

/** What `doctor()` found. */
export interface DoctorReport {
  /** True when no check is a `problem`. */
  ok: boolean;
  checks: DoctorCheck[];
}

/** Options of `doctor()`: the query options it checks against, and a time limit for the CLI's start. */
export interface DoctorOptions {
  /** The options your queries use: `pathToClaudeCodeExecutable`, `env`, `cwd`, `executable`... */
  options?: Options;
  /** How long the CLI may take to start and answer `initialize` (default 30 s). */
  startTimeoutMs?: number;
}
