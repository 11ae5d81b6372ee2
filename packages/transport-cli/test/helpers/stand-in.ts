/**
 * The CLI of these tests: `@hexagent/testing`'s stand-in CLI, installed in a temporary directory
 * of this package's tests and playing a scenario (see the testing package's README).
 */
import { type InstallStandInCliOptions, installStandInCli, type StandInScenario } from '@hexagent/testing/stand-in-cli';
import { makeTempDir } from './temp-dirs.js';

/**
 * A CLI driven over its input: it writes back every line it reads, and runs the steps of each
 * `{ type: 'stand_in', steps: [...] }` message (raw output, stderr, an exit), in order with the
 * echoes. It exits 0 when its input ends.
 */
export const SCRIPTED: StandInScenario = { echo: true, stepsFromInput: true };

/** A CLI that writes `{ type: 'info', argv, execArgv, cwd, env }` of its process, then waits for the end of its input. */
export const INFO: StandInScenario = { onStart: [{ info: true }] };

/**
 * Installs the stand-in CLI playing `scenario` as an executable (`claude`, mode 755, unless
 * `options` say otherwise) in a fresh temporary directory, removed by `removeTempDirs`; returns its path.
 */
export function standInCli(scenario: StandInScenario, options: Omit<InstallStandInCliOptions, 'dir'> = {}): string {
  return installStandInCli(scenario, { ...options, dir: makeTempDir() }).path;
}
