import type {
  McpHttpServerConfig,
  McpSdkServerConfigWithInstance,
  McpServerConfig,
  McpSSEServerConfig,
  McpStdioServerConfig,
} from './mcp-server-config.js';

/** An external server configuration, as the CLI accepts it in `--mcp-config`. */
export type McpExternalServerConfig = McpStdioServerConfig | McpSSEServerConfig | McpHttpServerConfig;

/** True when `config` describes an in-process (SDK) server. */
export function isSdkServerConfig(config: McpServerConfig): config is McpSdkServerConfigWithInstance {
  return config.type === 'sdk';
}

/**
 * The external (stdio, sse, http) servers of `servers`, as the CLI takes them: each config as given
 * (a stdio config without a `type` stays without one, as the official SDK sends it), except that a
 * stray `instance` field is dropped and in-process (`type: 'sdk'`) servers are left out, so an
 * `instance` never leaves the process. `undefined` when there are none.
 */
export function externalMcpServerConfigs(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
): Record<string, McpExternalServerConfig> | undefined {
  if (servers === undefined) return undefined;
  const external: Record<string, McpExternalServerConfig> = {};
  let count = 0;
  for (const [name, config] of Object.entries(servers)) {
    if (isSdkServerConfig(config)) continue;
    const { instance: _instance, ...rest } = config as McpExternalServerConfig & { instance?: unknown };
    external[name] = rest;
    count++;
  }
  return count === 0 ? undefined : external;
}
