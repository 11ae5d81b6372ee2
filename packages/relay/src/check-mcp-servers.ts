import { mcpServerType } from '@hexagent/core';
import { mcpServerNameRefusal } from './mcp-server-name.js';
import type { ClientMcpServersPolicy } from './relay-config.js';

/** The name of the entry standing for servers that are not an object of configs by name. */
const MALFORMED = '(malformed)';

/** One MCP server a client configures: its name, and its config (or its type, as a hello declares it). */
export type McpServerEntry = readonly [name: string, server: unknown];

/**
 * Why `servers` are refused, for an error message; `undefined` when all are allowed. Every name
 * must be one the CLI takes ({@link mcpServerNameRefusal}). A server's type is core's
 * `mcpServerType`: an in-process server is `type: 'sdk'` (on the wire it has no instance); anything
 * else (a stdio server, which runs a command on the relay's host; SSE, HTTP, or no type, which means
 * stdio) is external. `policy` decides which types pass.
 */
export function disallowedMcpServer(
  servers: Iterable<McpServerEntry>,
  policy: ClientMcpServersPolicy,
): string | undefined {
  for (const [name, server] of servers) {
    if (name === MALFORMED) return 'MCP servers must be an object of server configs by name';
    const badName = mcpServerNameRefusal(name);
    if (badName !== undefined) return badName;
    if (policy === 'all') continue;
    const type = typeof server === 'string' ? server : mcpServerType(server);
    if (policy === 'none' || type !== 'sdk') {
      return `MCP server ${JSON.stringify(name)} (${type}) is not allowed by this relay (allowClientMcpServers: '${policy}')`;
    }
  }
  return undefined;
}

/**
 * The servers of a map of configs by name, as entries (never merged into another object, where a
 * name such as `__proto__` would not be an entry). Anything but an object where servers belong is
 * not a config the CLI could start: it counts as one malformed entry.
 */
export function mcpServerEntries(configs: unknown): McpServerEntry[] {
  if (configs === undefined) return [];
  if (typeof configs !== 'object' || configs === null || Array.isArray(configs)) return [[MALFORMED, configs]];
  return Object.entries(configs);
}
