import { classifyMcpServers, type McpServerConfig, type McpServerConfigForProcessTransport } from '@hexagent/core';

/** The value of the CLI's `--mcp-config` flag. */
export interface McpConfigArgument {
  mcpServers: Record<string, McpServerConfigForProcessTransport>;
}

/**
 * The `--mcp-config` payload for the servers of `servers` the CLI runs (`classifyMcpServers`'s
 * `external`), or `undefined` when there are none. In-process servers are left out: the CLI learns
 * of them through `initialize`, and their `instance` never leaves this process.
 */
export function buildMcpConfig(
  servers: Readonly<Record<string, McpServerConfig>> | undefined,
): McpConfigArgument | undefined {
  const { external } = classifyMcpServers(servers);
  return external === undefined ? undefined : { mcpServers: external };
}
