import { isSdkServerConfig } from '../mcp/classify-mcp-servers.js';
import type { AgentDefinition } from '../types/agents.js';

/**
 * `agents` as `initialize` carries them: an in-process server (a `{ type: 'sdk', instance }` config)
 * inside an agent's `mcpServers` is replaced by `{ type: 'sdk', name }`, as the official SDK does,
 * since its instance cannot leave this process (and only top-level `mcpServers` can serve it).
 * Agents without such a server are passed by reference. Pure.
 */
export function agentsForInitialize(
  agents: Record<string, AgentDefinition> | undefined,
): Record<string, AgentDefinition> | undefined {
  if (agents === undefined) return undefined;
  let replaced: Record<string, AgentDefinition> | undefined;
  for (const [name, agent] of Object.entries(agents)) {
    if (!Array.isArray(agent?.mcpServers)) continue;
    let changed = false;
    const servers = agent.mcpServers.map((spec) => {
      if (typeof spec !== 'object' || spec === null) return spec;
      const entries = Object.entries(spec).map(([serverName, config]): [string, unknown] => {
        if (!isSdkServerConfig(config)) return [serverName, config];
        changed = true;
        return [serverName, { type: 'sdk', name: typeof config.name === 'string' ? config.name : serverName }];
      });
      return Object.fromEntries(entries) as typeof spec;
    });
    if (changed) {
      replaced ??= { ...agents };
      replaced[name] = { ...agent, mcpServers: servers };
    }
  }
  return replaced ?? agents;
}
