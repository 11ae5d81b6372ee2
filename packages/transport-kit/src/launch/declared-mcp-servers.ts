import type { Options } from '@hexagent/core';

/**
 * The type of every MCP server of `options`, by name: the session's and its agents' inline ones
 * (`sdk` for an in-process server, `stdio` when a config names no type, as the CLI reads it).
 */
export function declaredMcpServers(options: Pick<Options, 'mcpServers' | 'agents'>): Record<string, string> {
  const servers: Record<string, string> = {};
  const add = (configs: Record<string, { type?: string }>): void => {
    for (const [name, config] of Object.entries(configs)) servers[name] = config.type ?? 'stdio';
  };
  add(options.mcpServers ?? {});
  for (const agent of Object.values(options.agents ?? {})) {
    for (const spec of agent.mcpServers ?? []) if (typeof spec !== 'string') add(spec);
  }
  return servers;
}
