/**
 * @hexagent/transport-cli: the `Transport` port of `@hexagent/core` over a Claude Code CLI
 * subprocess, with the CLI's discovery and command line.
 *
 * @example
 * ```ts
 * import { createCliTransport } from '@hexagent/transport-cli';
 *
 * const transport = createCliTransport({ model: 'claude-sonnet-4-5' });
 * await transport.start();
 * ```
 *
 * @packageDocumentation
 */

export { BackpressureQueue, type BackpressureQueueOptions } from './backpressure-queue.js';
export { BASE_CLI_ARGS, buildCliArgs } from './build-cli-args.js';
export { buildCliEnv, definedEnv } from './build-cli-env.js';
export { CLI_SWITCH_FLAGS, type CliSwitchFlag } from './cli-args/switch-flags.js';
export type { CliArgvSpec } from './cli-argv-spec.js';
export { type CliEnvProblem, cliConfigDirOf, findCliEnvProblems } from './cli-env-problems.js';
export { type CliLookupHost, nodeCliLookupHost } from './cli-lookup-host.js';
export { CliNotFoundError } from './cli-not-found-error.js';
export { CliStderr } from './cli-stderr.js';
export { CliTransport, createCliTransport } from './cli-transport.js';
export {
  type CliTransportSettings,
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_HIGH_WATER_MARK,
} from './cli-transport-settings.js';
export { compareVersions, readCliVersion, SUPPORTED_CLI_VERSIONS } from './cli-version.js';
export {
  type ClaudeCliLocation,
  type CliPackageWithoutBinary,
  type FindClaudeCliContext,
  findClaudeCli,
  locateClaudeCli,
} from './find-claude-cli.js';
export { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './line-decoder.js';
export { moduleLocation } from './module-location.js';
export { ProcessError } from './process-error.js';
export { type ExitStatus, ProcessSupervisor, type ProcessSupervisorHandlers } from './process-supervisor.js';
export { REDACTED, redactSecrets } from './redact-secrets.js';
export { type CliCommand, resolveCliCommand } from './resolve-cli-command.js';
export type { SpawnedProcess } from './spawned-process.js';
export { startCliCommand } from './start-cli-command.js';
export {
  DEFAULT_STDERR_BUFFER_BYTES,
  DEFAULT_STDERR_BUFFER_LINES,
  StderrRingBuffer,
  type StderrRingBufferOptions,
} from './stderr-ring-buffer.js';
export { UnsupportedCliVersionError } from './unsupported-cli-version-error.js';
export { validateCliOptions } from './validate-cli-options.js';
