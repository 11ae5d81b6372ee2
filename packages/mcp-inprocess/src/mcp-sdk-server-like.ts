import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * A server from `@modelcontextprotocol/sdk` (an `McpServer`, or a low-level `Server`), as this
 * package uses it: something that connects to a transport. Given as an in-process server's
 * `instance`, it is used as is: its own handlers validate and run the calls.
 */
export interface McpSdkServerLike {
  /** Connects the server to a transport (the MCP SDK's `connect`). */
  connect(transport: Transport): Promise<void>;
}

/**
 * A function returning a fresh MCP SDK server, called once per session that connects the server.
 * Give one as `instance` to share a hand-built `McpServer` setup among several sessions.
 */
export type McpSdkServerFactory = () => McpSdkServerLike | Promise<McpSdkServerLike>;

function hasConnect(value: unknown): value is McpSdkServerLike & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { connect?: unknown }).connect === 'function';
}

/**
 * True for an MCP SDK `McpServer` (a `connect` method and a `server` that has one too) or a
 * low-level `Server` (`connect` and `setRequestHandler`). Duck-typed, so any copy of the SDK works.
 */
export function isMcpSdkServerLike(value: unknown): value is McpSdkServerLike {
  if (!hasConnect(value)) return false;
  return hasConnect(value['server']) || typeof value['setRequestHandler'] === 'function';
}

/**
 * True for a function, taken for an {@link McpSdkServerFactory}: what it returns is checked when the
 * port calls it.
 */
export function isMcpSdkServerFactory(value: unknown): value is McpSdkServerFactory {
  return typeof value === 'function';
}

/** True when the MCP SDK server is connected to a transport already (the `transport` of its protocol). */
export function isMcpSdkServerConnected(server: McpSdkServerLike): boolean {
  const record = server as unknown as Record<string, unknown>;
  const protocol = hasConnect(record['server']) ? record['server'] : record;
  return protocol['transport'] !== undefined && protocol['transport'] !== null;
}
