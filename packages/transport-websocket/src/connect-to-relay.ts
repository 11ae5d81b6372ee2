import type { IncomingMessage } from 'node:http';
import { TransportStartError } from '@hexagent/core';
import { encodeRelayFrame, LinkUnreachableError, RELAY_SUBPROTOCOL, type RelayHello } from '@hexagent/transport-kit';
import WebSocket from 'ws';
import { RelayRefusedError } from './relay-refused-error.js';
import type { ResolvedWebSocketTransportSettings } from './web-socket-transport-settings.js';

/**
 * Opens the socket to the relay and sends `hello` once it is open. The caller attaches its own
 * listeners to the returned socket at once (before any frame can arrive) and settles the start
 * with the relay's answer; this only turns a refused upgrade (HTTP 401 or 503) into a
 * {@link RelayRefusedError}, a network failure (nothing listens, the name does not resolve, no
 * route, the handshake timed out) into the kit's `LinkUnreachableError`, and any other failure to
 * connect (a certificate not trusted) into a `TransportStartError`, through `onRefused`.
 */
export function connectToRelay(
  settings: ResolvedWebSocketTransportSettings,
  hello: RelayHello,
  onRefused: (error: TransportStartError) => void,
): WebSocket {
  const socket = new WebSocket(settings.url, RELAY_SUBPROTOCOL, {
    headers: { authorization: `Bearer ${settings.token}` },
    handshakeTimeout: settings.connectTimeoutMs,
    // Frame size is the relay's limit to enforce; the client takes what the CLI writes.
    maxPayload: 0,
    perMessageDeflate: false,
    ...(settings.ca === undefined ? {} : { ca: settings.ca }),
  });
  socket.once('unexpected-response', (_request, response: IncomingMessage) => {
    const status = response.statusCode ?? 0;
    const reason = status === 401 ? 'unauthorized' : status === 503 ? 'over_capacity' : 'unexpected_response';
    onRefused(new RelayRefusedError({ reason, message: `HTTP ${status} ${response.statusMessage ?? ''}`.trim() }));
    response.resume();
    socket.terminate();
  });
  socket.once('open', () => {
    socket.send(encodeRelayFrame(hello), { binary: true });
  });
  socket.on('error', (error) => {
    onRefused(
      unreachable(error)
        ? new LinkUnreachableError({ peer: 'relay', address: settings.url, cause: error })
        : new TransportStartError({
            message: `Could not connect to the relay at ${settings.url}: ${error.message}`,
            cause: error,
          }),
    );
  });
  return socket;
}

/** The socket errors that say the relay could not be reached (not that it answered wrongly). */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
]);

function unreachable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && UNREACHABLE.has(code)) || /handshake has timed out/i.test(error.message);
}
