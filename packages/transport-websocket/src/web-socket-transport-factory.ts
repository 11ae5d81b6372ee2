import type { Options, TransportFactory } from '@hexagent/core';
import { WebSocketTransport } from './web-socket-transport.js';
import type { WebSocketTransportSettings } from './web-socket-transport-settings.js';

/**
 * A {@link WebSocketTransport} for one session: the CLI of `options` (its argv and explicitly given
 * `env`), run by the relay at `settings.url`.
 *
 * @throws InvalidOptionError for a bad option or setting.
 * @example
 * ```ts
 * const transport = webSocketTransport({ url: 'wss://build-box:7878', token }, { model: 'claude-sonnet-4-5' });
 * await transport.start();
 * ```
 */
export function webSocketTransport(settings: WebSocketTransportSettings, options: Options = {}): WebSocketTransport {
  return new WebSocketTransport(options, settings);
}

/**
 * The `TransportFactory` that runs every session's CLI through the relay at `settings.url`: register
 * it under the facade's `TRANSPORT_FACTORY` to swap it in for the local CLI.
 *
 * @example
 * ```ts
 * import { createContainer, query, TRANSPORT_FACTORY } from '@hexagent/sdk';
 * import { webSocketTransportFactory } from '@hexagent/transport-websocket';
 *
 * const container = createContainer();
 * container.register(TRANSPORT_FACTORY, { useValue: webSocketTransportFactory({ url, token }) });
 * for await (const message of query({ prompt: 'hi', options }, container)) console.log(message);
 * ```
 */
export function webSocketTransportFactory(settings: WebSocketTransportSettings): TransportFactory {
  return (options) => new WebSocketTransport(options, settings);
}
