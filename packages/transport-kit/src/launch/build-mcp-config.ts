import { externalMcpServerConfigs, type McpExternalServerConfig, type McpServerConfig } from '@hexagent/core';

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
  const external = externalMcpServerConfigs(servers);
  return external === undefined ? undefined : { mcpServers: external };
}
