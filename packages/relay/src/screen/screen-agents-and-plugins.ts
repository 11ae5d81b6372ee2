import { disallowedMcpServer, type McpServerEntry, mcpServerEntries } from '../check-mcp-servers.js';
import { flagRefusal } from '../flag-refusal.js';
import { isRecord } from './read-client-line.js';
import type { ScreenPolicy } from './screen-policy.js';

/**
 * Why the agents a client defines (`initialize`'s `agents`, by name) are refused: an agent's
 * `permissionMode`, `model` and `effort` are judged as `--permission-mode`, `--model` and
 * `--effort` would be (a sub-agent in `acceptEdits` writes without asking the client), and its
 * inline MCP servers as the client's own. `undefined` when all pass.
 */
export function agentsRefusal(agents: unknown, policy: ScreenPolicy): string | undefined {
  if (agents === undefined) return undefined;
  if (!isRecord(agents)) return 'agents must be an object of agent definitions by name';
  const servers: McpServerEntry[] = [];
  for (const [name, agent] of Object.entries(agents)) {
    if (!isRecord(agent)) continue;
    for (const [field, flag] of [
      ['permissionMode', 'permission-mode'],
      ['model', 'model'],
      ['effort', 'effort'],
    ] as const) {
      const value = agent[field];
      if (value === undefined || (field === 'model' && value === 'inherit')) continue;
      const refusal = flagRefusal(policy, flag, String(value));
      if (refusal !== undefined) return `agent ${JSON.stringify(name)}: ${field}: ${refusal}`;
    }
    // A string names a server configured elsewhere; an object defines servers inline.
    const specs = agent.mcpServers;
    if (Array.isArray(specs))
      for (const spec of specs) if (typeof spec !== 'string') servers.push(...mcpServerEntries(spec));
  }
  return disallowedMcpServer(servers, policy.allowClientMcpServers);
}

/**
 * Why plugins a client adds (`initialize`'s `plugins`, `reload_plugins`' `add_plugins`) are
 * refused: a plugin is a directory of the host's whose hooks and MCP servers the CLI runs, so it
 * is judged as `--plugin-dir` with its path would be (refused by default). `undefined` when none
 * is added, or all pass.
 */
export function pluginsRefusal(plugins: unknown, policy: ScreenPolicy): string | undefined {
  if (plugins === undefined || (Array.isArray(plugins) && plugins.length === 0)) return undefined;
  if (!Array.isArray(plugins)) return 'plugins must be a list';
  for (const plugin of plugins) {
    const path = isRecord(plugin) ? plugin.path : undefined;
    const refusal = flagRefusal(policy, 'plugin-dir', typeof path === 'string' ? path : String(path));
    if (refusal !== undefined) return `plugin ${JSON.stringify(path)}: ${refusal}`;
  }
  return undefined;
}
