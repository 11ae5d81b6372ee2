import { externalMcpServerConfigs, type McpExternalServerConfig } from '../types/mcp/external-mcp-server-configs.js';
import type { McpServerManifest } from '../types/mcp/mcp-server-manifest.js';
import { DEFAULT_MCP_SERVERS_DELIVERY } from '../types/mcp/mcp-servers-delivery.js';
import type { Options } from '../types/options.js';
import type { HookRegistrations } from './hook-registrations.js';

/** What the `initialize` request is built from. */
export interface InitializeRequestParts {
  /** The options `initialize` carries: the system prompt and the sub-agents. */
  options: Pick<Options, 'systemPrompt' | 'agents'>;
  /** The `hooks` field, from `registerHooks`; left out when `undefined`. */
  hooks?: HookRegistrations['config'];
  /** The names of the in-process MCP servers, in order. */
  sdkMcpServerNames?: readonly string[];
  /** The manifests of the in-process servers that have one, by server name. */
  manifests?: ReadonlyMap<string, McpServerManifest>;
  /** External MCP servers sent over stdin (see {@link externalMcpServersForInitialize}). */
  externalMcpServers?: Record<string, McpExternalServerConfig> | undefined;
}

/**
 * The payload of the `initialize` control request (without `subtype`). The system prompt goes as
 * a list (`['']` when none is set, like the official SDK), or as `appendSystemPrompt` for the
 * `claude_code` preset; server manifests let the CLI skip the MCP handshake. Pure.
 *
 * @example
 * ```ts
 * buildInitializeRequest({ options: { systemPrompt: 'Be brief.' }, sdkMcpServerNames: ['calc'] });
 * // { sdkMcpServers: ['calc'], systemPrompt: ['Be brief.'] }
 * ```
 */
export function buildInitializeRequest(parts: InitializeRequestParts): Record<string, unknown> {
  const { options, hooks, sdkMcpServerNames = [], manifests, externalMcpServers } = parts;
  const payload: Record<string, unknown> = {};
  if (hooks !== undefined) payload.hooks = hooks;
  if (sdkMcpServerNames.length > 0) {
    payload.sdkMcpServers = [...sdkMcpServerNames];
    if (manifests !== undefined && manifests.size > 0) payload.sdkMcpServerManifests = Object.fromEntries(manifests);
  }
  const systemPrompt = options.systemPrompt;
  if (systemPrompt === undefined) {
    payload.systemPrompt = [''];
  } else if (typeof systemPrompt === 'string') {
    payload.systemPrompt = [systemPrompt];
  } else if (Array.isArray(systemPrompt)) {
    payload.systemPrompt = systemPrompt;
  } else if (systemPrompt.append !== undefined) {
    payload.appendSystemPrompt = systemPrompt.append;
  }
  if (options.agents !== undefined) payload.agents = options.agents;
  if (externalMcpServers !== undefined) payload.mcpServers = externalMcpServers;
  return payload;
}

/**
 * The external MCP servers (stdio, sse, http) to send in `initialize`: those of `mcpServers` when
 * `mcpServersDelivery` is `'initialize'` (the default), `undefined` with `'argv'` or when there is
 * none. The session must then wait for the CLI to confirm them before sending a prompt.
 */
export function externalMcpServersForInitialize(
  options: Pick<Options, 'mcpServers' | 'mcpServersDelivery'>,
): Record<string, McpExternalServerConfig> | undefined {
  const delivery = options.mcpServersDelivery ?? DEFAULT_MCP_SERVERS_DELIVERY;
  return delivery === 'initialize' ? externalMcpServerConfigs(options.mcpServers) : undefined;
}
