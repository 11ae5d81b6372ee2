import type { AgentDefinition } from '../types/agents.js';
import type {
  McpSdkServerConfigWithInstance,
  McpServerConfig,
  McpServerConfigForProcessTransport,
} from '../types/mcp/mcp-server-config.js';

/** The servers of `mcpServers`, split by where they run (see {@link classifyMcpServers}). */
export interface ClassifiedMcpServers {
  /** The in-process servers (`type: 'sdk'` with an `instance`), by name, in the order given. */
  inProcess: Record<string, McpSdkServerConfigWithInstance>;
  /**
   * The others, as the CLI takes them (any `instance` field dropped), by name, in the order given;
   * `undefined` when there are none.
   */
  external: Record<string, McpServerConfigForProcessTransport> | undefined;
}

/**
 * True when `config` is an in-process server: `type: 'sdk'` with an `instance`, the rule of the
 * official SDK's `query()`. A `type: 'sdk'` config without one is not: it goes to the CLI as given
 * (see `mcpServerWarnings`).
 */
export function isSdkServerConfig(config: unknown): config is McpSdkServerConfigWithInstance {
  if (typeof config !== 'object' || config === null) return false;
  const { type, instance } = config as { type?: unknown; instance?: unknown };
  return type === 'sdk' && Boolean(instance);
}

/**
 * The type of a server config as the CLI reads it: its `type` (`sdk`, `stdio`, `sse`, `http`, or
 * one this release does not know), `stdio` when it names none, `unknown` when it is no config.
 */
export function mcpServerType(config: unknown): string {
  if (typeof config !== 'object' || config === null) return 'unknown';
  const { type } = config as { type?: unknown };
  return type === undefined ? 'stdio' : typeof type === 'string' ? type : 'unknown';
}

/**
 * The one split of `mcpServers` into the in-process servers (served here, through the
 * `McpServerFactory`) and the rest (configs for the CLI: stdio, SSE, HTTP, an `sdk` one without an
 * instance, or a type this release does not know, all passed on as the official SDK passes them).
 * An `instance` never leaves this process. Pure.
 *
 * @example
 * ```ts
 * classifyMcpServers({ calc, docs: { type: 'http', url: 'https://example.test/mcp' } });
 * // { inProcess: { calc }, external: { docs: { type: 'http', url: 'https://example.test/mcp' } } }
 * ```
 */
export function classifyMcpServers(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
): ClassifiedMcpServers {
  const inProcess: Record<string, McpSdkServerConfigWithInstance> = {};
  const external: Record<string, McpServerConfigForProcessTransport> = {};
  let externalCount = 0;
  for (const [name, config] of Object.entries(servers ?? {})) {
    if (isSdkServerConfig(config)) {
      inProcess[name] = config;
      continue;
    }
    external[name] = withoutInstance(config);
    externalCount++;
  }
  return { inProcess, external: externalCount === 0 ? undefined : external };
}

/**
 * The type ({@link mcpServerType}) of every MCP server `options` declares, by name: `mcpServers`
 * and the inline servers of its agents (a string names a server configured elsewhere).
 */
export function declaredMcpServerTypes(
  options: Readonly<{ mcpServers?: Readonly<Record<string, unknown>> | undefined; agents?: unknown }>,
): Record<string, string> {
  const types: Record<string, string> = {};
  const add = (configs: Readonly<Record<string, unknown>>): void => {
    for (const [name, config] of Object.entries(configs)) types[name] = mcpServerType(config);
  };
  add(options.mcpServers ?? {});
  for (const agent of Object.values((options.agents ?? {}) as Record<string, AgentDefinition | undefined>)) {
    const specs: unknown = agent?.mcpServers;
    if (!Array.isArray(specs)) continue;
    for (const spec of specs) if (typeof spec === 'object' && spec !== null) add(spec as Record<string, unknown>);
  }
  return types;
}

function withoutInstance(config: McpServerConfig): McpServerConfigForProcessTransport {
  if (typeof config !== 'object' || config === null || !('instance' in config)) return config;
  const { instance: _instance, ...rest } = config as McpServerConfig & { instance?: unknown };
  return rest as McpServerConfigForProcessTransport;
}
