/**
 * @hexagent/core: the domain of hexagent. Message and option types, the ports (`Transport`,
 * `ControlProtocol`, `McpServerPort`), the control protocol engine and the `Session` use case.
 * It imports no Node.js module and no npm package.
 *
 * @packageDocumentation
 */

export { type DoctorCheck, type DoctorReport, type DoctorStatus, formatDoctorReport } from './doctor/doctor-report.js';
export { ApprovalDecisionError, type ApprovalRefusal } from './durable/approval-decision-error.js';
export { approvalIdOf } from './durable/approval-id.js';
export { ApprovalLedger, type ApprovalLedgerOptions, type LedgerVerdict } from './durable/approval-ledger.js';
export {
  APPROVAL_STATUSES,
  type ApprovalDecisionRecord,
  type ApprovalExecution,
  type ApprovalInvalidation,
  type ApprovalRecord,
  type ApprovalStatus,
  ENDED_APPROVAL_STATUSES,
  type StoredApproval,
} from './durable/approval-record.js';
export type { ApprovalCall, ApprovalRequest } from './durable/approval-request.js';
export { type ApprovalRule, needsApproval, type ToolCallForApproval } from './durable/approval-rule.js';
export type { ApprovalQuery, ApprovalStore } from './durable/approval-store.js';
export { canonicalJson } from './durable/canonical-json.js';
export { type CallRefusal, type CallVerdict, checkCall, type PresentedCall } from './durable/check-call.js';
export { type ApprovalDecision, type DecisionOutcome, decideApproval } from './durable/decide-approval.js';
export { InMemoryApprovalStore } from './durable/in-memory-approval-store.js';
export { InMemoryRunControlStore } from './durable/in-memory-run-control-store.js';
export { InMemoryStepStore } from './durable/in-memory-step-store.js';
export { inputDigest } from './durable/input-digest.js';
export { planStep, type StepCall, type StepPlan } from './durable/plan-step.js';
export {
  type RunControlOutcome,
  type RunControlRefusal,
  type RunControlRequest,
  requestRunControl,
  settleRunControl,
} from './durable/request-run-control.js';
export { RunControlError } from './durable/run-control-error.js';
export { type RunControlActor, RunControlLedger, type SpendCheck } from './durable/run-control-ledger.js';
export type {
  RunControlAction,
  RunControlKind,
  RunControlRecord,
  RunControlStatus,
  StoredRunControl,
} from './durable/run-control-record.js';
export type { RunControlStore } from './durable/run-control-store.js';
export { sha256Hex } from './durable/sha256.js';
export { checkSpend, type SpendLimits, type SpendTotals, type SpendVerdict } from './durable/spend-cap.js';
export { SpendCapExceededError } from './durable/spend-cap-exceeded-error.js';
export { type SpendEntry, spendDay } from './durable/spend-entry.js';
export { StepLedger } from './durable/step-ledger.js';
export type { StepRecord, StepResolution, StepResult, StepStatus, StoredStep } from './durable/step-record.js';
export type { StepStore } from './durable/step-store.js';
export type { StoreOperation } from './durable/store-operation.js';
export { AbortError } from './errors/abort-error.js';
export { ControlRequestError } from './errors/control-request-error.js';
export { ControlTimeoutError } from './errors/control-timeout-error.js';
export { CredentialsRejectedError, type FixedCredentialVariable } from './errors/credentials-rejected-error.js';
export { HexagentError, type HexagentErrorOptions, hasMarker } from './errors/hexagent-error.js';
export { InitializeTimeoutError } from './errors/initialize-timeout-error.js';
export { InvalidOptionError } from './errors/invalid-option-error.js';
export { JsonDecodeError } from './errors/json-decode-error.js';
export { McpServersNotAppliedError } from './errors/mcp-servers-not-applied-error.js';
export { MessageTooLargeError } from './errors/message-too-large-error.js';
export { ProtocolError } from './errors/protocol-error.js';
export { ResultError } from './errors/result-error.js';
export { SessionStoreLoadError, type SessionStoreLoadOperation } from './errors/session-store-load-error.js';
export { SpareClaimError, type SpareClaimReason } from './errors/spare-claim-error.js';
export { checkMcpServers, type McpServerWarning, mcpServerWarnings } from './mcp/check-mcp-servers.js';
export {
  type ClassifiedMcpServers,
  classifyMcpServers,
  declaredMcpServerTypes,
  isSdkServerConfig,
  mcpServerType,
} from './mcp/classify-mcp-servers.js';
export {
  externalMcpServersForInitialize,
  type McpServerOptions,
  type McpServerPlan,
  planMcpServers,
  uncheckedMcpServerPlan,
} from './mcp/mcp-server-plan.js';
export type { Clock, TimerHandle, TimerOptions } from './ports/clock.js';
export type {
  ControlHandlerContext,
  ControlHandlerOptions,
  ControlProtocol,
  ControlRequestHandler,
  ControlRequestOptions,
} from './ports/control-protocol.js';
export { NO_CONTROL_RESPONSE } from './ports/control-protocol.js';
export type { IdSource } from './ports/id-source.js';
export type { McpHandleContext, McpServerFactory, McpServerPort } from './ports/mcp-server-port.js';
export type {
  SessionTracer,
  SpanAttributes,
  SpanAttributeValue,
  TraceSpan,
  TraceSpanKind,
} from './ports/session-tracer.js';
export type { Transport, TransportFactory, TransportSink } from './ports/transport.js';
export { TransportClosedError } from './ports/transport-closed-error.js';
export { TransportError, type TransportErrorOptions } from './ports/transport-error.js';
export { TransportInputClosedError } from './ports/transport-input-closed-error.js';
export type {
  LocalProcessHints,
  ResumeTranscriptFile,
  ResumeTranscripts,
  TransportLaunch,
} from './ports/transport-launch.js';
export { TransportStartError } from './ports/transport-start-error.js';
export {
  ControlProtocolEngine,
  type ControlProtocolEngineOptions,
  DEFAULT_CONTROL_TIMEOUT_MS,
} from './protocol/control-protocol-engine.js';
export { checkSessionOptions } from './session/check-session-options.js';
export type { ControlHost } from './session/control-host.js';
export {
  type InitializeReadControl,
  type OwnControl,
  QUERY_CONTROLS,
  type QueryControlEntry,
  type QueryControlSpec,
  type RequestControl,
} from './session/control-table.js';
export { type CliCredentials, cliCredentialsOf } from './session/credentials/cli-credentials.js';
export { ErrorResultTracker, errorResultText } from './session/error-result-tracker.js';
export {
  callQueryControl,
  forwardQueryControls,
  QUERY_CONTROL_NAMES,
  type QueryControlRoute,
} from './session/forward-query-controls.js';
export { DEFAULT_PERMISSION_TIMEOUT_MS } from './session/handlers/can-use-tool-handler.js';
export { DEFAULT_ELICITATION_TIMEOUT_MS } from './session/handlers/elicitation-handler.js';
export { DEFAULT_USER_DIALOG_TIMEOUT_MS } from './session/handlers/user-dialog-handler.js';
export { DEFAULT_HOOK_TIMEOUT_MS } from './session/hook-registrations.js';
export type { QueryControlName, QueryControls } from './session/query-controls.js';
export { DEFAULT_RUN_END_CEILING_MS, RUN_END_CEILING_ENV_VAR, runEndCeilingMs } from './session/run-end-ceiling.js';
export { Session } from './session/session.js';
export type { SessionDependencies } from './session/session-dependencies.js';
export type { StartupMark } from './session/startup-mark-tracker.js';
export { SpanAttr, SpanNames } from './session/tracing/span-attributes.js';
export { claimedInitialization, claimRefusal, readClaimInfo } from './session/warm/claim-answer.js';
export { type ClaimPlan, HOOK_SETTING_KEYS, hookSettingKeys, planClaim } from './session/warm/plan-claim.js';
export { type ClaimRun, type ClaimTarget, runClaim } from './session/warm/run-claim.js';
export { type FirstPromptState, promptOfEntry } from './session-store/first-prompt.js';
export { foldSessionSummary } from './session-store/fold-session-summary.js';
export { InMemorySessionStore } from './session-store/in-memory-session-store.js';
export { sessionKeyForMirrorPath } from './session-store/mirror/session-key-for-mirror-path.js';
export { TranscriptMirror, type TranscriptMirrorOptions } from './session-store/mirror/transcript-mirror.js';
export {
  MIRROR_APPEND_TIMEOUT_MS,
  MIRROR_MAX_PENDING_BYTES,
  MIRROR_MAX_PENDING_ENTRIES,
  MIRROR_RETRY_BACKOFF_MS,
  TranscriptMirrorBatcher,
  type TranscriptMirrorBatcherOptions,
} from './session-store/mirror/transcript-mirror-batcher.js';
export {
  parseTranscriptMirrorFrame,
  type TranscriptMirrorFrame,
} from './session-store/mirror/transcript-mirror-frame.js';
export { projectKeyForPath } from './session-store/project-key.js';
export { filterEscalatingDefaultMode } from './settings/filter-escalating-default-mode.js';
export { matchDeniedModels } from './settings/match-denied-models.js';
export {
  isManagedDropInName,
  resolveSettingsCascade,
  type SettingsCascadeInput,
  type SettingsFileText,
} from './settings/resolve-settings-cascade.js';
export { HEXAGENT_OPTION_KEYS, OFFICIAL_OPTION_KEYS, unknownOptionKeys } from './types/constants/option-keys.js';
export { SYSTEM_PROMPT_DYNAMIC_BOUNDARY } from './types/constants/system-prompt-boundary.js';
export { BUILTIN_TOOL_NAMES, LEGACY_TOOL_NAME_ALIASES } from './types/constants/tool-names.js';
export {
  ORG_POLICY_LIMIT_PREFIXES,
  USAGE_LIMIT_ERROR_PREFIXES,
  USAGE_TRANSITION_PREFIXES,
  USAGE_WARNING_PREFIXES,
} from './types/constants/usage-prefixes.js';
export { EXIT_REASONS, HOOK_EVENTS } from './types/hooks/hook-events.js';
export type * from './types/index.js';
export { JsonRpcErrorCode } from './types/mcp/json-rpc.js';
export { DEFAULT_MCP_SERVERS_DELIVERY, effectiveMcpServersDelivery } from './types/mcp/mcp-servers-delivery.js';
export {
  assistantText,
  isApiRetryMessage,
  isAssistantMessage,
  isCompactBoundaryMessage,
  isResultError,
  isResultMessage,
  isResultSuccess,
  isSessionStateChangedMessage,
  isStatusMessage,
  isStreamEvent,
  isSystemInitMessage,
  isSystemMessage,
  isUserMessage,
  toolUses,
} from './types/messages/message-guards.js';
export type {
  AgentUsage,
  ModelTokenUsage,
  UnattributedUsage,
  UsageReport,
  UsageTotals,
} from './usage/agent-usage.js';
export { AgentUsageTracker, type AgentUsageTrackerOptions, usageByAgent } from './usage/agent-usage-tracker.js';
export { DEFAULT_TOKEN_WEIGHTS, type TokenCounts, type TokenWeights } from './usage/token-counts.js';
export { AsyncQueue } from './util/async-queue.js';
export { errorMessage } from './util/error-message.js';
export { InboundMessageStream, type InboundMessageStreamOptions } from './util/inbound-message-stream.js';
export { LazyAbortController } from './util/lazy-abort-controller.js';
export { ManualClock } from './util/manual-clock.js';
export { onAbort } from './util/on-abort.js';
export { randomIdSource } from './util/random-id-source.js';
export { readTransport } from './util/read-transport.js';
export { systemClock } from './util/system-clock.js';
