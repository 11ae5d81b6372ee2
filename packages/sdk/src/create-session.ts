import { isSdkServerConfig, type McpServerPort, type Options, Session } from '@hexagent/core';
import { type DependencyContainer, resolveFactories } from './container.js';

/**
 * Wire one `Session`: a transport and one MCP port per in-process server, from the factories
 * registered in `container` (the MCP factory also makes the ports of the servers `setMcpServers`
 * adds later). Throws `InvalidOptionError` for options that cannot work, before anything is spawned.
 */
export function createSession(options: Options, container?: DependencyContainer): Session {
  const { transportFactory, mcpServerFactory } = resolveFactories(container);
  const ports: McpServerPort[] = [];
  for (const [name, config] of Object.entries(options.mcpServers ?? {})) {
    if (isSdkServerConfig(config)) ports.push(mcpServerFactory(name, config));
  }
  const transport = transportFactory(options);
  return new Session({ transport, mcpServers: ports, options, createMcpServer: mcpServerFactory });
}
