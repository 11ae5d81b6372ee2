import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { AgentDefinition } from '../types/agents.js';
import type { Options } from '../types/options.js';
import { isSdkServerConfig } from './classify-mcp-servers.js';

/** A warning about an MCP server that is passed on although it will not work as meant. */
export interface McpServerWarning {
  /** Stable code, for `process.emitWarning`. */
  code: 'HEXAGENT_SDK_SERVER_WITHOUT_INSTANCE' | 'HEXAGENT_AGENT_IN_PROCESS_SERVER';
  /** What happens and what to do instead. */
  message: string;
}

const DELIVERIES: readonly unknown[] = [undefined, 'argv', 'initialize'];

/**
 * The one check of the MCP options that refuses: an unknown `mcpServersDelivery`, which the official
 * SDK refuses too. Everything else about `mcpServers` is passed on as the official SDK passes it
 * (see {@link mcpServerWarnings}). Pure.
 *
 * @throws InvalidOptionError (option `mcpServersDelivery`).
 */
export function checkMcpServers(options: Pick<Options, 'mcpServersDelivery'>): void {
  if (DELIVERIES.includes(options.mcpServersDelivery)) return;
  throw new InvalidOptionError({
    option: 'mcpServersDelivery',
    message: `must be one of initialize, argv, got ${describe(options.mcpServersDelivery)}`,
  });
}

/**
 * What deserves a warning in the MCP options, though it goes on as the official SDK sends it: a
 * `type: 'sdk'` server without an `instance` (the CLI gets the config, nothing here serves it), and
 * an in-process server inside an agent's `mcpServers` (sent by name only: it works only in the
 * top-level `mcpServers`; the official SDK warns about it too). Pure.
 */
export function mcpServerWarnings(options: Pick<Options, 'mcpServers' | 'agents'>): McpServerWarning[] {
  const warnings: McpServerWarning[] = [];
  for (const [name, config] of Object.entries(options.mcpServers ?? {})) {
    if (config?.type === 'sdk' && !isSdkServerConfig(config)) {
      warnings.push({
        code: 'HEXAGENT_SDK_SERVER_WITHOUT_INSTANCE',
        message:
          `MCP server "${name}" is type 'sdk' but has no instance: it was passed to the CLI as given, as the ` +
          'official SDK passes it, and nothing in this process serves it. Give the result of createSdkMcpServer().',
      });
    }
  }
  for (const [agentName, agent] of Object.entries((options.agents ?? {}) as Record<string, AgentDefinition>)) {
    const specs: unknown = agent?.mcpServers;
    if (!Array.isArray(specs)) continue;
    for (const spec of specs) {
      if (typeof spec !== 'object' || spec === null) continue;
      for (const [name, config] of Object.entries(spec as Record<string, unknown>)) {
        if (!isSdkServerConfig(config)) continue;
        warnings.push({
          code: 'HEXAGENT_AGENT_IN_PROCESS_SERVER',
          message:
            `Agent "${agentName}": MCP server "${name}" in its mcpServers is sent by name only: a ` +
            'createSdkMcpServer() server works only in the top-level mcpServers option. Move it there and, ' +
            `if the agent has a tools list, add mcp__${name} to it.`,
        });
      }
    }
  }
  return warnings;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return value === null || ['undefined', 'number', 'boolean'].includes(typeof value) ? String(value) : typeof value;
}
