import type { Options, TransportFactory } from '@hexagent/core';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { WebSocketTransport } from './web-socket-transport.js';
import { webSocketTransport } from './web-socket-transport-factory.js';

describe('webSocketTransport', () => {
  it('is a TransportFactory: each call makes a new, unstarted transport for a launch', () => {
    const factory: TransportFactory = webSocketTransport({ url: 'ws://127.0.0.1:1', token: 't' });
    const options: Options = { model: 'claude-sonnet-4-5' };
    const first = factory(buildTransportLaunch(options));
    const second = factory(buildTransportLaunch(options));
    expect(first).toBeInstanceOf(WebSocketTransport);
    expect(second).not.toBe(first);
    expect(first.isOpen).toBe(false);
  });

  it('checks its settings at once, and refuses a launch that chooses the local process', () => {
    expect(() => webSocketTransport({ url: 'http://relay', token: 't' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', option: 'url' }),
    );
    const factory = webSocketTransport({ url: 'wss://relay:7878', token: 't' });
    expect(() => factory(buildTransportLaunch({ pathToClaudeCodeExecutable: '/opt/claude' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', option: 'pathToClaudeCodeExecutable' }),
    );
    // A bad option never reaches a factory: the launch builder refuses it first.
    expect(() => buildTransportLaunch({ mcpServersDelivery: 'nope' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});
