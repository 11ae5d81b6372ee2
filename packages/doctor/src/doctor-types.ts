import type { Options } from '@hexagent/core';

/** How one check of {@link doctor} ended: `ok`, a `warning` (may work), or a `problem` (will not work). */
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

/** What `doctor()` found. */
export interface DoctorReport {
  /** True when no check is a `problem`. */
  ok: boolean;
  checks: DoctorCheck[];
}

/** Options of `doctor()`: the query options it checks against, and what else it may do. */
export interface DoctorOptions {
  /**
   * The options your queries use, checked as a query would use them: every option as `query()`
   * checks it, `pathToClaudeCodeExecutable`, `executable`, `cwd`, and `env` (the CLI's whole
   * environment, as with the official SDK).
   */
  options?: Options;
  /** How long the CLI may take to start and answer `initialize` (default 30 s). */
  startTimeoutMs?: number;
  /**
   * Also make one minimal Messages API request (`max_tokens: 1`, billed as such) with the
   * credentials in the CLI's environment, to `ANTHROPIC_BASE_URL` when set, and report a rejected
   * key. Off by default: the other checks make no model request.
   */
  checkApi?: boolean;
  /** How long that request may take (default 15 s). */
  apiTimeoutMs?: number;
}
