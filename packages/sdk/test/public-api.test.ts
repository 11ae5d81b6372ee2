/**
 * The facade's public face is a named list. These tests pin the runtime names of `@hexagent/sdk`
 * and `@hexagent/sdk/adapters`, so a name reaches users only when it is added here on purpose, and
 * internals (queues, tables, decoders, the protocol engine in the root entry) never leak.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = [
  'AbortError',
  'AgentUsageTracker',
  'DEFAULT_TOKEN_WEIGHTS',
  'CLOCK',
  'BUILTIN_TOOL_NAMES',
  'ClaudeClient',
  'CliNotFoundError',
  'ControlRequestError',
  'ControlTimeoutError',
  'CredentialsRejectedError',
  'DEFAULT_CONTROL_TIMEOUT_MS',
  'DEFAULT_ELICITATION_TIMEOUT_MS',
  'DEFAULT_HOOK_TIMEOUT_MS',
  'DEFAULT_MCP_SERVERS_DELIVERY',
  'DEFAULT_PERMISSION_TIMEOUT_MS',
  'DEFAULT_TOOL_TIMEOUT_MS',
  'DEFAULT_USER_DIALOG_TIMEOUT_MS',
  'EXIT_REASONS',
  'HOOK_EVENTS',
  'InMemorySessionStore',
  'InvalidSessionArgumentError',
  'SessionNotFoundError',
  'SessionStoreUnsupportedError',
  'InitializeTimeoutError',
  'HexagentError',
  'InvalidOptionError',
  'JsonDecodeError',
  'LEGACY_TOOL_NAME_ALIASES',
  'MCP_SERVER_FACTORY',
  'McpHandshakeError',
  'McpServerInUseError',
  'McpServersNotAppliedError',
  'MessageTooLargeError',
  'ORG_POLICY_LIMIT_PREFIXES',
  'ProcessError',
  'ProtocolError',
  'ResultError',
  'SessionStoreLoadError',
  'SUPPORTED_CLI_VERSIONS',
  'SYSTEM_PROMPT_DYNAMIC_BOUNDARY',
  'SpanAttr',
  'SpanNames',
  'SpareClaimError',
  'TOOL_NAME_PATTERN',
  'ID_SOURCE',
  'TRACER',
  'TRANSPORT_FACTORY',
  'TransportClosedError',
  'TransportError',
  'TransportInputClosedError',
  'TransportStartError',
  'UnsupportedCliVersionError',
  'USAGE_LIMIT_ERROR_PREFIXES',
  'USAGE_TRANSITION_PREFIXES',
  'USAGE_WARNING_PREFIXES',
  'archiveSession',
  'assistantText',
  'createContainer',
  'createOpenTelemetryTracer',
  'createSdkMcpServer',
  'deleteSession',
  'doctor',
  'filterEscalatingDefaultMode',
  'foldSessionSummary',
  'forkSession',
  'formatDoctorReport',
  'getDefaultContainer',
  'getSessionInfo',
  'getSessionMessages',
  'getSessionUsage',
  'getSubagentMessages',
  'importSessionToStore',
  'isApiRetryMessage',
  'isAssistantMessage',
  'isCompactBoundaryMessage',
  'isResultError',
  'isResultMessage',
  'isResultSuccess',
  'isSessionStateChangedMessage',
  'isStatusMessage',
  'isStreamEvent',
  'isSystemInitMessage',
  'isSystemMessage',
  'isUserMessage',
  'listSessions',
  'listSubagents',
  'matchDeniedModels',
  'prewarm',
  'query',
  'renameSession',
  'resolveSettings',
  'tagSession',
  'startup',
  'tool',
  'toolUses',
  'unarchiveSession',
  'usageByAgent',
];

const ADAPTERS = [
  'CliTransport',
  'ControlProtocolEngine',
  'InProcessMcpServerPort',
  'InboundMessageStream',
  'JsonRpcErrorCode',
  'McpInProcessErrorCode',
  'NO_CONTROL_RESPONSE',
  'Session',
  'createCliTransport',
  'createInProcessMcpServer',
  'findClaudeCli',
  'hasMarker',
  'isMcpSdkServerLike',
  'isSdkMcpServerDefinition',
  'isSdkServerConfig',
  'jsonRpcError',
  'randomIdSource',
  'readTransport',
  'systemClock',
];

/** Helpers that serve one package or one adapter: never on the public face. */
const INTERNAL = ['AsyncQueue', 'InFlightTable', 'LazyAbortController', 'LineDecoder', 'errorMessage', 'onAbort'];

describe('the public face', () => {
  it('@hexagent/sdk exports exactly the named runtime list', async () => {
    const root = await import('@hexagent/sdk');
    expect(Object.keys(root).sort()).toEqual([...ROOT].sort());
  });

  it('leaves the agent pool to @hexagent/agent-pool (it is built on this facade)', async () => {
    const root = await import('@hexagent/sdk');
    expect(Object.keys(root).filter((name) => /pool/i.test(name))).toEqual([]);
  });

  it('@hexagent/sdk/adapters exports exactly the named runtime list', async () => {
    const adapters = await import('@hexagent/sdk/adapters');
    expect(Object.keys(adapters).sort()).toEqual([...ADAPTERS].sort());
  });

  it('exports no internal helper from either entry', async () => {
    const names = [
      ...Object.keys(await import('@hexagent/sdk')),
      ...Object.keys(await import('@hexagent/sdk/adapters')),
    ];
    for (const internal of INTERNAL) expect(names).not.toContain(internal);
  });

  it('re-exports no package wholesale: runtime names are listed, types come from one curated file', () => {
    for (const entry of ['index.ts', 'adapters.ts']) {
      const source = readFileSync(new URL(`../src/${entry}`, import.meta.url), 'utf8');
      expect(source).not.toMatch(/^export \* from/m);
      const typeStars = [...source.matchAll(/^export type \* from '([^']+)'/gm)].map((match) => match[1]);
      expect(typeStars.every((path) => path?.startsWith('./'))).toBe(true);
    }
  });
});
