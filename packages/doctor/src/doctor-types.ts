import type { Options } from '@hexagent/core';

export type { DoctorCheck, DoctorReport, DoctorStatus } from '@hexagent/core';

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
