import type { Clock, IdSource, McpServerFactory, SessionTracer, TransportFactory } from '@hexagent/core';
import { createInProcessMcpServer } from '@hexagent/mcp-inprocess';
import { createCliTransport } from '@hexagent/transport-cli';
import { CLOCK, ID_SOURCE, MCP_SERVER_FACTORY, TRACER, TRANSPORT_FACTORY } from './tokens.js';

/**
 * What a session is composed from, given explicitly: the transport factory, the MCP server factory,
 * and the tracer, clock and id source when one is chosen (core defaults to the real clock and ids).
 */
export interface SessionFactories {
  transportFactory: TransportFactory;
  mcpServerFactory: McpServerFactory;
  tracer?: SessionTracer;
  clock?: Clock;
  ids?: IdSource;
}

/**
 * The registrations a container holds, as {@link factoriesOf} reads them: the two methods of a
 * tsyringe `DependencyContainer` it calls, so this package needs no container of its own.
 */
export interface FactoryRegistrations {
  isRegistered(token: symbol, recursive: boolean): boolean;
  resolve<T>(token: symbol): T;
}

/** The default adapters: the CLI subprocess transport and the in-process MCP server adapter. */
export function defaultSessionFactories(): SessionFactories {
  return { transportFactory: createCliTransport, mcpServerFactory: createInProcessMcpServer };
}

/**
 * The factories registered under the tokens (`TRANSPORT_FACTORY`, `MCP_SERVER_FACTORY`, `TRACER`,
 * `CLOCK`, `ID_SOURCE`) in `registrations`, the default adapters where none is registered.
 */
export function factoriesOf(registrations: FactoryRegistrations): SessionFactories {
  const registered = <T>(token: symbol): T | undefined =>
    registrations.isRegistered(token, true) ? registrations.resolve<T>(token) : undefined;
  const factories = defaultSessionFactories();
  const transportFactory = registered<TransportFactory>(TRANSPORT_FACTORY);
  if (transportFactory !== undefined) factories.transportFactory = transportFactory;
  const mcpServerFactory = registered<McpServerFactory>(MCP_SERVER_FACTORY);
  if (mcpServerFactory !== undefined) factories.mcpServerFactory = mcpServerFactory;
  const tracer = registered<SessionTracer>(TRACER);
  if (tracer !== undefined) factories.tracer = tracer;
  const clock = registered<Clock>(CLOCK);
  if (clock !== undefined) factories.clock = clock;
  const ids = registered<IdSource>(ID_SOURCE);
  if (ids !== undefined) factories.ids = ids;
  return factories;
}
