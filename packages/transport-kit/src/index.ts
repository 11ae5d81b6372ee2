/**
 * @hexagent/transport-kit: what every transport that runs the Claude Code CLI shares, and what an
 * outside author of a transport (ssh, `docker exec`, a relay of their own) builds on. Our own
 * transports (`@hexagent/transport-cli`, `@hexagent/transport-websocket`) and the relay use it:
 * - the launch: {@link buildTransportLaunch} turns checked options into the CLI's argv, environment
 *   and working directory once (the facade calls it; a transport gets the result), with
 *   {@link encodeEnvForStdin} / {@link ENV_FROM_STDIN_SCRIPT} to keep secrets off command lines, and
 *   {@link writeResumeConfigDir} for a CLI on this machine that resumes a session a store loaded
 *   (the launch's `resumeTranscripts`; a far side takes them to a directory of its own);
 * - line framing ({@link NdjsonReader}, {@link LineDecoder}) and backpressure ({@link BackpressureQueue});
 * - the transport errors ({@link ProcessError}, {@link CliNotFoundError}, {@link CommandNotFoundError},
 *   {@link spawnFailure}), the errors of a remote link ({@link LinkLostError}, {@link LinkRefusedError},
 *   {@link LinkUnreachableError}) and {@link redactSecrets};
 * - the CLI version check ({@link checkCliVersion}; {@link askCliVersion} asks a far side);
 * - the port's start/close lifecycle ({@link TransportLifecycle}) and a child's bounded close
 *   ({@link stopChildProcess});
 * - a CLI's stderr ({@link CliStderr}: lines to a callback and a bounded tail; {@link StderrLineSplitter});
 * - heartbeats: {@link Heartbeat} for a WebSocket, {@link StreamHeartbeat} for a plain socket, one
 *   mechanism ({@link HeartbeatTimer});
 * - the token check of a far side's server ({@link checkToken}, {@link matchToken}: constant time);
 * - the relay's wire protocol (hello, ready, exit frames), shared by the WebSocket transport and
 *   the relay;
 * - the guardian ({@link ProcessGuardian}, {@link processGuardian}): no process this one started,
 *   nor anything it started, outlives this process, however it ends;
 * - the far side's cleanup: {@link killProcessTree} (a relay or daemon stopping a CLI's whole tree)
 *   and {@link farSideWatchdog} (a shell that runs the CLI through a command wrapper and stops all
 *   it started when the link drops).
 *
 * The transport conformance suite, with its fault section for a CLI that runs elsewhere, is in
 * `@hexagent/testing/conformance` (`transportConformanceSuite`, `TransportFaultHooks`).
 *
 * @example
 * ```ts
 * import type { TransportFactory } from '@hexagent/core';
 * import { BackpressureQueue, NdjsonReader, TransportLifecycle } from '@hexagent/transport-kit';
 *
 * // MyTransport: your class implementing `Transport` with the kit's pieces.
 * const factory: TransportFactory = (launch) => new MyTransport(launch);
 * ```
 *
 * @packageDocumentation
 */

export { bearerToken, checkToken, matchToken } from './auth/check-token.js';
export { CliNotFoundError } from './errors/cli-not-found-error.js';
export { CommandNotFoundError } from './errors/command-not-found-error.js';
export { LinkLostError, type LinkLostErrorOptions } from './errors/link-lost-error.js';
export { LinkRefusedError, type LinkRefusedErrorOptions } from './errors/link-refused-error.js';
export { LinkUnreachableError, type LinkUnreachableErrorOptions } from './errors/link-unreachable-error.js';
export { ProcessError } from './errors/process-error.js';
export { REDACTED, redactSecrets } from './errors/redact-secrets.js';
export { spawnFailure } from './errors/spawn-failure.js';
export { UnsupportedCliVersionError } from './errors/unsupported-cli-version-error.js';
export { BackpressureQueue, type BackpressureQueueOptions } from './framing/backpressure-queue.js';
export {
  createInboundStream,
  createNdjsonInbound,
  type InboundStreamOptions,
  type NdjsonInboundOptions,
} from './framing/inbound-stream.js';
export { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './framing/line-decoder.js';
export { NdjsonReader, type NdjsonReaderHandlers } from './framing/ndjson-reader.js';
export { GUARDIAN_SCRIPT } from './guardian/guardian-script.js';
export {
  GUARDIAN_UNAVAILABLE_WARNING,
  PROCESS_TREE_MARKER,
  ProcessGuardian,
  type ProcessGuardianOptions,
} from './guardian/process-guardian.js';
export { PROCESS_GUARDIAN_ENV_VAR, processGuardian } from './guardian/shared-process-guardian.js';
export { HeartbeatTimer, type HeartbeatTimerOptions } from './heartbeat/heartbeat-timer.js';
export { type HeartbeatStream, StreamHeartbeat, type StreamHeartbeatOptions } from './heartbeat/stream-heartbeat.js';
export { Heartbeat, type HeartbeatSocket } from './heartbeat/web-socket-heartbeat.js';
export { BASE_CLI_ARGS, buildCliArgs } from './launch/build-cli-args.js';
export {
  buildCliEnv,
  type CliEnvFlags,
  definedEnv,
  hexagentClientApp,
  READS_STARTUP_MARKS_ENV_VAR,
} from './launch/build-cli-env.js';
export { buildTransportLaunch, type LaunchContext } from './launch/build-transport-launch.js';
export { CLI_SWITCH_FLAGS, type CliSwitchFlag } from './launch/cli-args/switch-flags.js';
export {
  BYPASS_WARNING_CODE,
  UNKNOWN_OPTION_WARNING_CODE,
  unknownOptionMessages,
  warnAboutCliOptions,
} from './launch/cli-option-warnings.js';
export { ENV_FROM_STDIN_SCRIPT, encodeEnvForStdin, shellQuote } from './launch/env-over-stdin.js';
export { ResumeConfigDir } from './launch/resume-config-dir.js';
export { PENDING_RESUME, type ResumeFacts, resumedLaunch } from './launch/resumed-launch.js';
export { isSecretEnvName, secretEnvNames } from './launch/secret-env-names.js';
export { validateCliOptions } from './launch/validate-cli-options.js';
export {
  cliConfigDirFor,
  removeResumeConfigDir,
  type WriteResumeConfigDirOptions,
  writeResumeConfigDir,
} from './launch/write-resume-config-dir.js';
export { type StoppableChild, stopChildProcess } from './lifecycle/stop-child-process.js';
export { TransportLifecycle, type TransportLifecycleState } from './lifecycle/transport-lifecycle.js';
export { moduleLocation } from './module-location.js';
export { FAR_SIDE_RUN_MARKER, FAR_SIDE_WATCHDOG, farSideWatchdog } from './process-tree/far-side-watchdog.js';
export { findProcessTree, killProcessTree } from './process-tree/kill-process-tree.js';
export { buildRelayHello } from './relay/build-relay-hello.js';
export {
  encodeRelayFrame,
  isRelayHello,
  parseRelayFrame,
  RELAY_CLOSE,
  RELAY_SUBPROTOCOL,
  type RelayEndInput,
  type RelayErrorFrame,
  type RelayExit,
  type RelayFrame,
  type RelayHello,
  type RelayReady,
  type RelayRefusalReason,
  type RelayResume,
  type RelayTranscriptFile,
} from './relay/relay-protocol.js';
export { CliStderr } from './stderr/cli-stderr.js';
export { DEFAULT_STDERR_MAX_LINE_LENGTH, StderrLineSplitter } from './stderr/stderr-line-splitter.js';
export {
  DEFAULT_STDERR_BUFFER_BYTES,
  DEFAULT_STDERR_BUFFER_LINES,
  StderrRingBuffer,
  type StderrRingBufferOptions,
} from './stderr/stderr-ring-buffer.js';
export {
  askCliVersion,
  checkCliVersion,
  compareVersions,
  isCliVersion,
  parseCliVersion,
  SUPPORTED_CLI_VERSIONS,
} from './version/cli-version.js';
export { resetWarnings, warnOnce } from './warn-once.js';
