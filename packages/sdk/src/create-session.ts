import { isSdkServerConfig, type McpServerPort, type Options, Session } from '@hexagent/core';
import { type DependencyContainer, resolveFactories } from './container.js';
import { globalOpenTelemetryTracer } from './tracing/global-open-telemetry-tracer.js';

/**
 * Wire one `Session`: a transport and one MCP port per in-process server, from the factories
 * registered in `container` (the MCP factory also makes the ports of the servers `setMcpServers`
 * adds later), and the tracer its spans go to. Throws `InvalidOptionError` for options that cannot work, before anything is spawned.
 */
export function createSession(options: Options, container?: DependencyContainer): Session {
  const { transportFactory, mcpServerFactory, tracer: registered } = resolveFactories(container);
  const ports: McpServerPort[] = [];
  for (const [name, config] of Object.entries(options.mcpServers ?? {})) {
    if (isSdkServerConfig(config)) ports.push(mcpServerFactory(name, config));
  }
  const transport = transportFactory(options);
  // options.tracer, else the container's, else the global OpenTelemetry provider's (when one is registered).
  const tracer = options.tracer === false ? undefined : (options.tracer ?? registered ?? globalOpenTelemetryTracer());
  return new Session({
    transport,
    mcpServers: ports,
    options,
    createMcpServer: mcpServerFactory,
    ...(tracer !== undefined && { tracer }),
  });
}
