/**
 * Injection tokens of the composition root. Register another factory under one of these in a
 * (child) container to swap an adapter: a fake CLI in tests, an SSH or container transport in
 * production.
 */

/** Token of the `TransportFactory` (`(options) => Transport`). Default: the CLI subprocess transport. */
export const TRANSPORT_FACTORY: unique symbol = Symbol.for('hexagent.TRANSPORT_FACTORY');

/** Token of the `McpServerFactory` (`(name, config) => McpServerPort`). Default: the in-process MCP adapter. */
export const MCP_SERVER_FACTORY: unique symbol = Symbol.for('hexagent.MCP_SERVER_FACTORY');

/**
 * Token of a `SessionTracer` (the tracer port) every session made from the container reports its
 * spans to. Unregistered (the default), sessions trace through `@opentelemetry/api` when a global
 * tracer provider is registered; `options.tracer` wins over both.
 */
export const TRACER: unique symbol = Symbol.for('hexagent.TRACER');
