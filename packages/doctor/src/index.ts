/**
 * `@hexagent/doctor`: what a query needs on this machine, checked with the code a query decides
 * with, and how to fix what is wrong. `doctor()` and `formatDoctorReport()` (re-exported by
 * `@hexagent/sdk`), and the `hexagent doctor` command (`runHexagentCommand`, which the sdk's
 * `hexagent` bin calls).
 *
 * @packageDocumentation
 */

export { formatDoctorReport } from '@hexagent/core';
export { doctor } from './doctor.js';
export { type CommandIo, runHexagentCommand } from './doctor-command.js';
export type { DoctorCheck, DoctorOptions, DoctorReport, DoctorStatus } from './doctor-types.js';
export { checkOptions } from './option-checks.js';
