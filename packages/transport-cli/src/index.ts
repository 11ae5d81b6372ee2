/**
 * @hexagent/transport-cli: the `Transport` port of `@hexagent/core` over a Claude Code CLI
 * subprocess, with the CLI's discovery and command line.
 *
 * @example
 * ```ts
 * import { createCliTransport } from '@hexagent/transport-cli';
 * import { buildTransportLaunch } from '@hexagent/transport-kit';
 *
 * const transport = createCliTransport(buildTransportLaunch({ model: 'claude-sonnet-4-5' }));
 * await transport.start();
 * ```
 *
 * The mechanisms every CLI-running transport shares (the launch builder, line framing,
 * backpressure, the transport errors, the version check) live in `@hexagent/transport-kit`: import
 * them from there (this package no longer re-exports them).
 *
 * @packageDocumentation
 */

export type { CliArgvSpec } from './cli-argv-spec.js';
export { type CliEnvProblem, cliConfigDirOf, findCliEnvProblems } from './cli-env-problems.js';
export { type CliLookupHost, nodeCliLookupHost } from './cli-lookup-host.js';
export { CliTransport } from './cli-transport.js';
export {
  type CliTransportSettings,
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_HIGH_WATER_MARK,
} from './cli-transport-settings.js';
export { createCliTransport } from './create-cli-transport.js';
export {
  type ClaudeCliLocation,
  type CliPackageWithoutBinary,
  type FindClaudeCliContext,
  findClaudeCli,
  locateClaudeCli,
} from './find-claude-cli.js';
export { type ExitStatus, ProcessSupervisor, type ProcessSupervisorHandlers } from './process-supervisor.js';
export { assertSupportedCliVersion, readCliVersion } from './read-cli-version.js';
export { type CliCommand, resolveCliCommand } from './resolve-cli-command.js';
export type { SpawnedProcess } from './spawned-process.js';
export { startCliCommand } from './start-cli-command.js';
