import { ProcessGuardian } from './process-guardian.js';

/** Set to `off` (or `0`) to run without the guardian: a killed program may then leave its CLIs running. */
export const PROCESS_GUARDIAN_ENV_VAR = 'HEXAGENT_PROCESS_GUARDIAN';

let shared: ProcessGuardian | undefined;

/**
 * This process's {@link ProcessGuardian}, shared by every transport that runs a local CLI (one per
 * process, or per worker thread: each has its own copy of this module), made at the first call. With
 * `HEXAGENT_PROCESS_GUARDIAN=off` in this process's environment at that moment it guards nothing.
 */
export function processGuardian(): ProcessGuardian {
  if (shared === undefined) {
    shared = new ProcessGuardian();
    const setting = process.env[PROCESS_GUARDIAN_ENV_VAR]?.toLowerCase();
    if (setting === 'off' || setting === '0') shared.close();
  }
  return shared;
}
