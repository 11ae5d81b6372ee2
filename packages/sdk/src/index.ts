/**
 * hexagent: a TypeScript SDK for building agents on Claude Code. Runs the Claude Code CLI as a
 * subprocess, speaks its control protocol, and serves in-process MCP tools whose handlers run in
 * your own Node.js process.
 *
 * This entry is the public face, a named list: what code written for the official
 * `@anthropic-ai/claude-agent-sdk` uses, plus hexagent's errors, defaults and container. What
 * adapter authors need (ports, the CLI transport, the in-process MCP port, the session) is in
 * `@hexagent/sdk/adapters`.
 *
 * @example
 * ```ts
 * import { createSdkMcpServer, query, tool } from '@hexagent/sdk';
 * import { z } from 'zod';
 *
 * const calc = createSdkMcpServer({
 *   name: 'calc',
 *   tools: [tool('add', 'Add', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
 *     content: [{ type: 'text', text: String(a + b) }],
 *   }))],
 * });
 * for await (const m of query({ prompt: '15 + 27?', options: { mcpServers: { calc } } })) console.log(m);
 * ```
 *
 * @packageDocumentation
 */

// Entry points and the container (the tokens are read by @hexagent/compose, the container is this package's)
export {
  CLOCK,
  createOpenTelemetryTracer,
  ID_SOURCE,
  MCP_SERVER_FACTORY,
  resolveSettings,
  TRACER,
  TRANSPORT_FACTORY,
} from '@hexagent/compose';
// Errors, defaults of hexagent's options, the official constants, message helpers, settings helpers
export {
  AbortError,
  AgentUsageTracker,
  assistantText,
  BUILTIN_TOOL_NAMES,
  ControlRequestError,
  ControlTimeoutError,
  CredentialsRejectedError,
  DEFAULT_CONTROL_TIMEOUT_MS,
  DEFAULT_ELICITATION_TIMEOUT_MS,
  DEFAULT_HOOK_TIMEOUT_MS,
  DEFAULT_MCP_SERVERS_DELIVERY,
  DEFAULT_PERMISSION_TIMEOUT_MS,
  DEFAULT_TOKEN_WEIGHTS,
  DEFAULT_USER_DIALOG_TIMEOUT_MS,
  EXIT_REASONS,
  filterEscalatingDefaultMode,
  foldSessionSummary,
  formatDoctorReport,
  HexagentError,
  HOOK_EVENTS,
  InitializeTimeoutError,
  InMemorySessionStore,
  InvalidOptionError,
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
  JsonDecodeError,
  LEGACY_TOOL_NAME_ALIASES,
  McpServersNotAppliedError,
  MessageTooLargeError,
  matchDeniedModels,
  ORG_POLICY_LIMIT_PREFIXES,
  ProtocolError,
  ResultError,
  SessionStoreLoadError,
  SpanAttr,
  SpanNames,
  SpareClaimError,
  SYSTEM_PROMPT_DYNAMIC_BOUNDARY,
  TransportClosedError,
  TransportError,
  TransportInputClosedError,
  TransportStartError,
  toolUses,
  USAGE_LIMIT_ERROR_PREFIXES,
  USAGE_TRANSITION_PREFIXES,
  USAGE_WARNING_PREFIXES,
  usageByAgent,
} from '@hexagent/core';
// In-process tools
export {
  createSdkMcpServer,
  DEFAULT_TOOL_TIMEOUT_MS,
  McpHandshakeError,
  McpServerInUseError,
  TOOL_NAME_PATTERN,
  tool,
} from '@hexagent/mcp-inprocess';
// Session functions: the CLI's transcripts (or a SessionStore) read and changed directly
export {
  archiveSession,
  deleteSession,
  forkSession,
  type GetSessionUsageOptions,
  getSessionInfo,
  getSessionMessages,
  getSessionUsage,
  getSubagentMessages,
  InvalidSessionArgumentError,
  importSessionToStore,
  listSessions,
  listSubagents,
  renameSession,
  SessionNotFoundError,
  SessionStoreUnsupportedError,
  tagSession,
  unarchiveSession,
} from '@hexagent/sessions';
// The CLI process's errors
export {
  CliNotFoundError,
  ProcessError,
  SUPPORTED_CLI_VERSIONS,
  UnsupportedCliVersionError,
} from '@hexagent/transport-kit';
export { ClaudeClient } from './claude-client.js';
export { createContainer, getDefaultContainer } from './container.js';
export { doctor } from './doctor.js';
export type * from './public-hook-types.js';
export type * from './public-types.js';
export { query } from './query.js';
// Warm start
export { prewarm } from './warm/prewarm.js';
export { startup } from './warm/startup.js';
