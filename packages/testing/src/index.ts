/**
 * @hexagent/testing: the test kit of hexagent. A scripted Anthropic Messages API server for running
 * the real Claude Code CLI offline (`ScriptedModelServer`, `hermeticCliEnv`), an in-memory fake CLI
 * implementing core's `Transport` (`FakeCliTransport`), a clock whose time moves only when a test
 * says so (`ManualClock`, core's, for the `CLOCK` registration), and helpers to replay recorded
 * transcripts, and what a test of a killed program needs (`startAppProcess`, `killAppAndWatch`,
 * `processesWithEnv`: Linux, through /proc).
 * The transport conformance tests live in the `@hexagent/testing/conformance` subpath (it imports
 * vitest; this entry does not).
 *
 * @packageDocumentation
 */

export { ManualClock } from '@hexagent/core';
export {
  type ApprovalDecider,
  type DeciderAnswer,
  type DeciderCommand,
  serveApprovalDecisions,
  startApprovalDecider,
} from './approval-decider-process.js';
export {
  BACKGROUND_AGENT_CALL_ID,
  BACKGROUND_FOLLOW_UP_CALL_ID,
  BACKGROUND_SUBAGENT_CALL_ID,
  type BackgroundAgentScript,
  type BackgroundAgentScriptOptions,
  backgroundAgentScript,
} from './background-agent-script.js';
export { byPrompt } from './by-prompt.js';
export { type CliHarness, startCliHarness } from './cli-harness.js';
export {
  assistantMessage,
  FAKE_SESSION_ID,
  type MessageFields,
  resultMessage,
  systemInitMessage,
} from './cli-messages.js';
export { defaultInitializeResponse } from './default-initialize-response.js';
export { FakeCliTransport, type FakeCliTransportOptions } from './fake-cli-transport.js';
export type {
  ControlAutoResponder,
  ControlResponseBody,
  FakeCliState,
  FakeCliTransportOptionsOf,
} from './fake-cli-transport-options.js';
export {
  type FakeCliWiring,
  fakeCliWiring,
  TRANSPORT_FACTORY_KEY,
  type TransportRegistry,
} from './fake-cli-wiring.js';
export { type HermeticCliEnv, type HermeticCliEnvOptions, hermeticCliEnv } from './hermetic-cli-env.js';
export {
  type CaptureArgvLine,
  type CaptureCliToSdkLine,
  type CaptureLine,
  type CaptureSdkToCliLine,
  loadCapture,
} from './load-capture.js';
export {
  collect,
  collectAbortingAtInit,
  collectSettled,
  lastResult,
  results,
  resultText,
  systemInit,
} from './message-helpers.js';
export {
  isModelApiError,
  type ModelApiError,
  type ModelContent,
  type ModelReply,
  type ModelScript,
  type ModelScriptFunction,
  type ModelStopReason,
  type ModelTurn,
  type ModelUsage,
  type TextContent,
  type ThinkingContent,
  type ToolUseContent,
} from './model-script.js';
export { apiError, text, thinking, toolUse } from './model-turn-helpers.js';
export { type AppExit, type AppProcess, startAppProcess } from './processes/app-process.js';
export { type GatedProcess, startGatedProcess } from './processes/gated-process.js';
export { type KilledAppReport, type KillWatch, killAppAndWatch } from './processes/killed-app.js';
export { listeningUrl } from './processes/listening-url.js';
export { processExists } from './processes/process-exists.js';
export {
  isRunning,
  killRecords,
  type ProcessRecord,
  processesWithEnv,
  processRecord,
  processTree,
  stillRunning,
} from './processes/process-records.js';
export type {
  MessagesRequestBody,
  MessagesRequestMessage,
  RecordedRequest,
  RecordedToolResult,
  RequestKind,
} from './recorded-request.js';
export { type ReplayCaptureOptions, replayCapture } from './replay-capture.js';
export { NO_MORE_SCRIPTED_TURNS, SIDE_REQUEST_TEXT } from './script-player.js';
export { ScriptedModelServer, type ScriptedModelServerOptions } from './scripted-model-server.js';
export { appendWhenLetGo, type SessionAppendOrder } from './session-append-process.js';
export { foldedEntry, numberedEntry } from './session-store-conformance-fixtures.js';
export { TestScope } from './test-scope.js';
export { waitUntil } from './wait-until.js';
export { watchingCliSpawner } from './watching-cli-spawner.js';
