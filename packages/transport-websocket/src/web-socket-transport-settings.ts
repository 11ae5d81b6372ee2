import { InvalidOptionError } from '@hexagent/core';

/** Where and how {@link webSocketTransport} reaches a relay. */
export interface WebSocketTransportSettings {
  /** The relay's address, `ws://` or `wss://`. */
  url: string;
  /** The bearer token the relay expects. */
  token: string;
  /** Extra TLS trust for `wss://` (a self-signed relay certificate), in PEM. */
  ca?: string | Buffer | undefined;
  /** Time to connect and get the relay's answer to the hello, in ms; default 30 000. */
  connectTimeoutMs?: number | undefined;
  /**
   * Interval of the client's pings, in ms; default 15 000. A pong missing for one interval drops the
   * link, unless the client has paused reading (flow control); a ping from the relay counts as a pong.
   */
  heartbeatIntervalMs?: number | undefined;
  /** How long `close()` waits for the CLI to exit after its input ended, in ms; default 5 000. */
  closeTimeoutMs?: number | undefined;
  /** Inbound messages buffered before reading from the socket pauses; default 1 024. */
  highWaterMark?: number | undefined;
}

/** The settings with every default filled in. */
export interface ResolvedWebSocketTransportSettings {
  url: string;
  token: string;
  ca: string | Buffer | undefined;
  connectTimeoutMs: number;
  heartbeatIntervalMs: number;
  closeTimeoutMs: number;
  highWaterMark: number;
}

/**
 * Settings checked and completed with their defaults.
 *
 * @throws InvalidOptionError for a URL that is not `ws:` or `wss:`, an empty token, or a bad number.
 */
export function resolveWebSocketTransportSettings(
  settings: WebSocketTransportSettings,
): ResolvedWebSocketTransportSettings {
  let protocol: string;
  try {
    protocol = new URL(settings.url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'ws:' && protocol !== 'wss:') {
    throw new InvalidOptionError({
      option: 'url',
      message: `${JSON.stringify(settings.url)} is not a ws:// or wss:// URL`,
    });
  }
  if (typeof settings.token !== 'string' || settings.token === '') {
    throw new InvalidOptionError({ option: 'token', message: 'the relay token must be a non-empty string' });
  }
  const positive = (option: string, value: number | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value <= 0) {
      throw new InvalidOptionError({ option, message: `must be a positive number, got ${String(value)}` });
    }
    return value;
  };
  return {
    url: settings.url,
    token: settings.token,
    ca: settings.ca,
    connectTimeoutMs: positive('connectTimeoutMs', settings.connectTimeoutMs, 30_000),
    heartbeatIntervalMs: positive('heartbeatIntervalMs', settings.heartbeatIntervalMs, 15_000),
    closeTimeoutMs: positive('closeTimeoutMs', settings.closeTimeoutMs, 5_000),
    highWaterMark: positive('highWaterMark', settings.highWaterMark, 1024),
  };
}
