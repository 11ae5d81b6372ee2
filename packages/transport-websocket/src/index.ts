/**
 * @hexagent/transport-websocket: the `Transport` port of `@hexagent/core` over a WebSocket to a
 * `@hexagent/relay`, which runs the Claude Code CLI on another host. The control protocol stays in
 * this process, so in-process MCP tools, hooks and `canUseTool` work unchanged.
 *
 * @example
 * ```ts
 * import { createContainer, query, TRANSPORT_FACTORY } from '@hexagent/sdk';
 * import { webSocketTransport } from '@hexagent/transport-websocket';
 *
 * const transport = webSocketTransport({ url: 'wss://relay:7878', token });
 * for await (const message of query({ prompt: 'hi', options: { transport } })) console.log(message.type);
 *
 * // Or for every session made from a container:
 * const container = createContainer();
 * container.register(TRANSPORT_FACTORY, { useValue: transport });
 * ```
 *
 * The relay's wire protocol (frames, hello, heartbeat, close codes) is in `@hexagent/transport-kit`,
 * which the relay imports too.
 *
 * @packageDocumentation
 */

export { RelayConnectionLostError } from './relay-connection-lost-error.js';
export { RelayRefusedError } from './relay-refused-error.js';
export { WebSocketTransport } from './web-socket-transport.js';
export { type WebSocketTransportFactory, webSocketTransport } from './web-socket-transport-factory.js';
export {
  type ResolvedWebSocketTransportSettings,
  resolveWebSocketTransportSettings,
  type WebSocketTransportSettings,
} from './web-socket-transport-settings.js';
