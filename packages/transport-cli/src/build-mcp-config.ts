import { isSdkServerConfig, type McpExternalServerConfig, type McpServerConfig } from '@hexagent/core';

/** The value of the CLI's `--mcp-config` flag. */
export interface McpConfigArgument {
  mcpServers: Record<string, McpExternalServerConfig>;
}

/**
 * The `--mcp-config` payload for the external servers (stdio, sse, http) in `servers`, or
 * `undefined` when there are none. In-process (`type: 'sdk'`) servers are left out: the CLI learns
 * of them through `initialize`, and their `instance` must never leave this process. A stdio config
 * without a `type` gets `type: 'stdio'`, and any stray `instance` field is dropped.
 */
export function buildMcpConfig(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
): McpConfigArgument | undefined {
  if (servers === undefined) return undefined;
  const external: Record<string, McpExternalServerConfig> = {};
  let count = 0;
  for (const [name, config] of Object.entries(servers)) {
    if (isSdkServerConfig(config)) continue;
    const { instance: _instance, ...rest } = config as McpExternalServerConfig & { instance?: unknown };
    external[name] = rest.type === undefined ? { ...rest, type: 'stdio' } : rest;
    count++;
  }
  return count === 0 ? undefined : { mcpServers: external };
}
