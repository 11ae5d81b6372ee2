import { describe, expect, it } from 'vitest';
import { resolveWebSocketTransportSettings } from './web-socket-transport-settings.js';

describe('resolveWebSocketTransportSettings', () => {
  it('fills in the defaults', () => {
    expect(resolveWebSocketTransportSettings({ url: 'ws://127.0.0.1:7878', token: 't' })).toMatchObject({
      connectTimeoutMs: 30_000,
      heartbeatIntervalMs: 15_000,
      closeTimeoutMs: 5_000,
      highWaterMark: 1024,
    });
  });

  it('refuses a URL that is not ws: or wss:, an empty token and a bad number', () => {
    expect(() => resolveWebSocketTransportSettings({ url: 'http://x', token: 't' })).toThrow(/url/);
    expect(() => resolveWebSocketTransportSettings({ url: 'nonsense', token: 't' })).toThrow(/url/);
    expect(() => resolveWebSocketTransportSettings({ url: 'wss://x', token: '' })).toThrow(/token/);
    expect(() => resolveWebSocketTransportSettings({ url: 'wss://x', token: 't', heartbeatIntervalMs: 0 })).toThrow(
      /heartbeatIntervalMs/,
    );
  });
});
