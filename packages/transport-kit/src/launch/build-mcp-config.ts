import type { McpServerConfigForProcessTransport, McpServerPlan } from '@hexagent/core';

/** The value of the CLI's `--mcp-config` flag. */
export interface McpConfigArgument {
  mcpServers: Record<string, McpServerConfigForProcessTransport>;
}

/**
 * The `--mcp-config` payload for the servers the CLI runs (the plan's `external`, split once by
 * `planMcpServers`), or `undefined` when there are none. In-process servers are left out: the CLI
 * learns of them through `initialize`, and their `instance` never leaves this process.
 */
export function buildMcpConfig(plan: Pick<McpServerPlan, 'external'>): McpConfigArgument | undefined {
  return plan.external === undefined ? undefined : { mcpServers: { ...plan.external } };
}
