import type { TransportLaunch } from '@hexagent/core';
import { WebSocketTransport } from './web-socket-transport.js';
import { resolveWebSocketTransportSettings, type WebSocketTransportSettings } from './web-socket-transport-settings.js';

/**
 * A `TransportFactory` whose transports are {@link WebSocketTransport}s to one relay: each call
 * makes a new transport (a new connection, one CLI on the relay's host) for a session's launch.
 */
export type WebSocketTransportFactory = (launch: TransportLaunch) => WebSocketTransport;

/**
 * The transport factory that runs each session's CLI through the relay at `settings.url`. Give it
 * as the `transport` option of a query or client, or register it under the facade's
 * `TRANSPORT_FACTORY` for every session made from a container. Each call starts a connection of
 * its own when the session starts, so one factory serves a `ClaudeClient`, many queries or an agent
 * pool.
 *
 * @throws InvalidOptionError for a bad setting (a URL that is not `ws:`/`wss:`, an empty token),
 *   at once; a transport made for options the relay cannot take (`pathToClaudeCodeExecutable`, ...)
 *   throws it when the session is created.
 * @example
 * ```ts
 * import { ClaudeClient, query } from '@hexagent/sdk';
 * import { webSocketTransport } from '@hexagent/transport-websocket';
 *
 * const transport = webSocketTransport({ url: 'wss://build-box:7878', token: process.env.RELAY_TOKEN! });
 * for await (const message of query({ prompt: 'hi', options: { transport, mcpServers: { calc } } })) {
 *   console.log(message.type);
 * }
 * const client = new ClaudeClient({ transport, mcpServers: { calc } });
 * ```
 */
export function webSocketTransport(settings: WebSocketTransportSettings): WebSocketTransportFactory {
  resolveWebSocketTransportSettings(settings);
  return (launch) => new WebSocketTransport(launch, settings);
}
