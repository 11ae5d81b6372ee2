import { mcpServerType } from '@hexagent/core';
import type { ClientMcpServersPolicy } from './relay-config.js';

/**
 * The first of `servers` (configs by name, or `name -> type` as a hello declares them) that
 * `policy` does not allow, described for an error message; `undefined` when all are allowed. A
 * config's type is core's `mcpServerType`: an in-process server is `type: 'sdk'` (on the wire it has
 * no instance); anything else (a stdio server, which runs a command on the relay's host; SSE, HTTP,
 * or no type, which means stdio) is external.
 */
export function disallowedMcpServer(
  servers: Readonly<Record<string, unknown>>,
  policy: ClientMcpServersPolicy,
): string | undefined {
  if (policy === 'all') return undefined;
  for (const [name, server] of Object.entries(servers)) {
    const type = typeof server === 'string' ? server : mcpServerType(server);
    if (policy === 'none' || type !== 'sdk') {
      return `MCP server ${JSON.stringify(name)} (${type}) is not allowed by this relay (allowClientMcpServers: '${policy}')`;
    }
  }
  return undefined;
}

/**
 * The MCP server configs a control request from the client carries: `initialize`'s `mcpServers`
 * and its agents' inline servers, `mcp_set_servers`'s `servers`. Empty for any other request.
 */
export function mcpServersOfRequest(request: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const servers: Record<string, unknown> = {};
  const add = (configs: unknown): void => {
    if (typeof configs === 'object' && configs !== null && !Array.isArray(configs)) Object.assign(servers, configs);
    // Anything else where servers belong is not a config the CLI could start; counted as unknown.
    else if (configs !== undefined) servers['(malformed)'] = configs;
  };
  if (request.subtype === 'mcp_set_servers') add(request.servers);
  if (request.subtype === 'initialize') {
    add(request.mcpServers);
    const agents = request.agents;
    if (typeof agents === 'object' && agents !== null) {
      for (const agent of Object.values(agents)) {
        const specs = (agent as { mcpServers?: unknown } | null)?.mcpServers;
        // A string names a server configured elsewhere; an object defines servers inline.
        if (Array.isArray(specs)) for (const spec of specs) if (typeof spec !== 'string') add(spec);
      }
    }
  }
  return servers;
}
