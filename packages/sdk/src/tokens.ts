/**
 * Injection tokens of the composition root. Register another factory under one of these in a
 * (child) container to swap an adapter: a fake CLI in tests, an SSH or container transport in
 * production.
 */

/** Token of the `TransportFactory` (`(options) => Transport`). Default: the CLI subprocess transport. */
export const TRANSPORT_FACTORY: unique symbol = Symbol.for('hexagent.TRANSPORT_FACTORY');

/** Token of the `McpServerFactory` (`(name, config) => McpServerPort`). Default: the in-process MCP adapter. */
export const MCP_SERVER_FACTORY: unique symbol = Symbol.for('hexagent.MCP_SERVER_FACTORY');
