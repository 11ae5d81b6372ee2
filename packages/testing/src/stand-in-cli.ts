/**
 * `@hexagent/testing/stand-in-cli`: a stand-in for the Claude Code CLI as a real process. One Node
 * script (node builtins only, so it starts fast) that takes the real CLI's argv, speaks the
 * stream-json control protocol and plays a declarative {@link StandInScenario}: what to answer to
 * `initialize`, what each turn writes (messages, control requests, benchmark workloads), and faults
 * (exit codes, signals, garbage output, big lines, closed pipes, hangs), with a `code` step as the
 * escape hatch. Use {@link installStandInCli} for an executable named `claude` in a temporary
 * directory, or {@link STAND_IN_CLI_PATH} with the scenario in the env ({@link standInCliEnv}).
 *
 * @packageDocumentation
 */

export { conformancePeer } from './stand-in-cli/conformance-peer.js';
export {
  type InstalledStandInCli,
  type InstallStandInCliOptions,
  installStandInCli,
} from './stand-in-cli/install-stand-in-cli.js';
export { STAND_IN_CLI_PATH } from './stand-in-cli/stand-in-cli-path.js';
export { STAND_IN_SCENARIO_ENV, STAND_IN_SCENARIO_FILE_ENV, standInCliEnv } from './stand-in-cli/stand-in-env.js';
export { STAND_IN_REPORT_FIELD, standInReportOf } from './stand-in-cli/stand-in-report.js';
export type {
  LatencyStats,
  StandInCodeApi,
  StandInInitialize,
  StandInReport,
  StandInScenario,
  StandInStep,
} from './stand-in-cli/stand-in-scenario.js';
export { standInTurn } from './stand-in-cli/stand-in-turn.js';
