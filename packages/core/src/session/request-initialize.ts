import { McpServersNotAppliedError } from '../errors/mcp-servers-not-applied-error.js';
import type { ControlProtocol } from '../ports/control-protocol.js';
import type { SDKControlInitializeResponse } from '../types/control/sdk-control-responses.js';

/**
 * Sends `initialize` (a payload from `buildInitializeRequest`) and resolves with the CLI's answer.
 * When the payload carries external MCP servers (`mcpServers`), the answer must confirm the CLI
 * loaded them (`mcp_servers_applied: true`), or it rejects with `McpServersNotAppliedError`: a CLI
 * too old to read them says nothing, and a prompt must not run without them.
 */
export function requestInitialize(
  protocol: Pick<ControlProtocol, 'request'>,
  payload: Record<string, unknown>,
  timeoutMs: number,
): Promise<SDKControlInitializeResponse> {
  const external = payload.mcpServers as Record<string, unknown> | undefined;
  return protocol.request('initialize', payload, { timeoutMs }).then((response) => {
    if (external !== undefined) assertMcpServersApplied(response, Object.keys(external));
    return response as SDKControlInitializeResponse;
  });
}

function assertMcpServersApplied(response: Record<string, unknown>, serverNames: string[]): void {
  const applied = response.mcp_servers_applied;
  if (applied === true) return;
  const version = response.claude_code_version;
  throw new McpServersNotAppliedError({
    serverNames,
    applied: typeof applied === 'boolean' ? applied : undefined,
    cliVersion: typeof version === 'string' ? version : undefined,
  });
}
