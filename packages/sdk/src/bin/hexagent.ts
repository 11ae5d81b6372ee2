#!/usr/bin/env node
/**
 * The `hexagent` command. `hexagent doctor` checks what queries need on this machine (the Claude
 * Code CLI and its version, the config directory, authentication, libc, that the CLI starts) and
 * says how to fix what is wrong; it exits with 1 when something would stop a query.
 */
import { doctor, formatDoctorReport } from '../doctor/doctor.js';

const [command] = process.argv.slice(2);
if (command !== 'doctor') {
  console.log(
    'Usage: hexagent doctor\n\nChecks that hexagent can run the Claude Code CLI here, and says how to fix what is wrong.',
  );
  process.exit(command === undefined || command === '--help' || command === '-h' ? 0 : 2);
}
const report = await doctor();
console.log(formatDoctorReport(report));
process.exitCode = report.ok ? 0 : 1;
