import 'reflect-metadata';
import type { McpServerFactory, TransportFactory } from '@hexagent/core';
import { createInProcessMcpServer } from '@hexagent/mcp-inprocess';
import { createCliTransport } from '@hexagent/transport-cli';
import { type DependencyContainer, container as rootContainer } from 'tsyringe';
import { MCP_SERVER_FACTORY, TRANSPORT_FACTORY } from './tokens.js';

export type { DependencyContainer } from 'tsyringe';

/**
 * A fresh child container with the default adapters registered: the Claude Code CLI subprocess
 * transport and the in-process MCP server adapter. Override a registration to swap an adapter.
 *
 * @example
 * ```ts
 * import { createContainer, query, TRANSPORT_FACTORY } from '@hexagent/sdk';
 * import { FakeCliTransport } from '@hexagent/testing';
 *
 * const container = createContainer();
 * const fake = new FakeCliTransport({ autoInitialize: true });
 * container.register(TRANSPORT_FACTORY, { useValue: () => fake });
 * const q = query({ prompt: 'hi' }, container);
 * ```
 */
export function createContainer(parent: DependencyContainer = rootContainer): DependencyContainer {
  const child = parent.createChildContainer();
  if (!child.isRegistered(TRANSPORT_FACTORY, true)) {
    child.register<TransportFactory>(TRANSPORT_FACTORY, { useValue: createCliTransport });
  }
  if (!child.isRegistered(MCP_SERVER_FACTORY, true)) {
    child.register<McpServerFactory>(MCP_SERVER_FACTORY, { useValue: createInProcessMcpServer });
  }
  return child;
}

let defaultContainer: DependencyContainer | undefined;

/** The container `query()` and `ClaudeClient` use when none is passed. */
export function getDefaultContainer(): DependencyContainer {
  defaultContainer ??= createContainer();
  return defaultContainer;
}

/** Resolve the two factories from `container` (or the default one). */
export function resolveFactories(container?: DependencyContainer): {
  transportFactory: TransportFactory;
  mcpServerFactory: McpServerFactory;
} {
  const c = container ?? getDefaultContainer();
  const transportFactory = c.isRegistered(TRANSPORT_FACTORY, true)
    ? c.resolve<TransportFactory>(TRANSPORT_FACTORY)
    : createCliTransport;
  const mcpServerFactory = c.isRegistered(MCP_SERVER_FACTORY, true)
    ? c.resolve<McpServerFactory>(MCP_SERVER_FACTORY)
    : createInProcessMcpServer;
  return { transportFactory, mcpServerFactory };
}
