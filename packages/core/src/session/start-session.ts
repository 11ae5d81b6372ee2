import { externalMcpServersForInitialize, type McpServerPlan } from '../mcp/mcp-server-plan.js';
import type { ControlProtocol } from '../ports/control-protocol.js';
import type { Transport } from '../ports/transport.js';
import type { SDKControlInitializeResponse } from '../types/control/sdk-control-responses.js';
import type { Options } from '../types/options.js';
import { buildInitializeRequest } from './build-initialize-request.js';
import { checkSessionOptions } from './check-session-options.js';
import { type HookRegistrations, registerHooks } from './hook-registrations.js';
import type { McpServerSet } from './mcp-server-set.js';
import { requestInitialize } from './request-initialize.js';

/**
 * How long `initialize` waits for the CLI's answer when `controlRequestTimeoutMs` is not set, ms (10
 * min). The answer comes once the CLI has started, and a CLI starting among many on a saturated
 * machine took longer than the 60 s other control requests wait (docs/performance.md, "Cost at
 * scale"); the official `query()` waits for it without a bound. A CLI that exits meanwhile ends the
 * wait at once; `startup()` and `prewarm()` keep their own `initializeTimeoutMs`.
 */
export const DEFAULT_INITIALIZE_WAIT_MS = 10 * 60_000;

/** What {@link startSession} runs on: the session's parts and its say in the sequence. */
export interface SessionStartParts {
  options: Options;
  /** The MCP servers split once (`planMcpServers`); `checked`: the composer checked them already. */
  mcpServers: { readonly plan: McpServerPlan; readonly checked: boolean };
  transport: Transport;
  servers: McpServerSet;
  protocol: ControlProtocol;
  /** True once the session has closed (it may close while the transport starts). */
  isClosed(): boolean;
  /** The error a closed session throws. */
  closedError(): Error;
  /** Ends the session with `error` (a bad option, a transport that failed to start). */
  close(error: unknown): Promise<void>;
  /** The CLI runs: the session starts reading it, with these hook callbacks. */
  running(hooks: HookRegistrations['callbacks']): void;
}

/** A started session: what `initialize` carried and the CLI's answer to come. */
export interface StartedSession {
  /** The `initialize` payload sent, for `reinitialize()`. */
  payload: Record<string, unknown>;
  /** The CLI's answer to `initialize`. */
  initialize: Promise<SDKControlInitializeResponse>;
  /** True when external MCP servers went in `initialize`: no prompt may run before the CLI confirmed them. */
  gatesInput: boolean;
}

/**
 * The start sequence of a session: check the options (a bad one closes the session before anything
 * runs), register the hooks, start the transport and ask the in-process servers for their
 * manifests at once (neither needs the other), then let the session read the CLI and send
 * `initialize`. Throws, after closing the session, when any step fails or the session closed meanwhile.
 */
export async function startSession(parts: SessionStartParts): Promise<StartedSession> {
  const { options, transport, servers } = parts;
  let hooks: HookRegistrations;
  let externalServers: ReturnType<typeof externalMcpServersForInitialize>;
  try {
    checkSessionOptions(options, { mcpServersChecked: parts.mcpServers.checked });
    hooks = registerHooks(options);
    externalServers = externalMcpServersForInitialize(parts.mcpServers.plan);
  } catch (error) {
    await parts.close(error);
    throw error;
  }
  const [, manifests] = await Promise.all([transport.start(), servers.manifests()]).catch(async (error: unknown) => {
    await parts.close(error);
    throw error;
  });
  if (parts.isClosed()) {
    await transport.close();
    throw parts.closedError();
  }
  parts.running(hooks.callbacks);
  const payload = buildInitializeRequest({
    options,
    hooks: hooks.config,
    sdkMcpServerNames: servers.names,
    manifests,
    externalMcpServers: externalServers,
  });
  const timeoutMs = options.controlRequestTimeoutMs ?? DEFAULT_INITIALIZE_WAIT_MS;
  return {
    payload,
    initialize: requestInitialize(parts.protocol, payload, timeoutMs),
    gatesInput: externalServers !== undefined,
  };
}
