import { TransportError, TransportStartError } from '@hexagent/core';
import { buildTransportLaunch, LinkLostError, LinkRefusedError, LinkUnreachableError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { RelayConnectionLostError } from './relay-connection-lost-error.js';
import { RelayRefusedError } from './relay-refused-error.js';
import { webSocketTransport } from './web-socket-transport-factory.js';

describe('the transport-websocket errors', () => {
  it('RelayRefusedError is a TransportStartError with a stable code and its reason', () => {
    const error = new RelayRefusedError({ reason: 'flag_not_allowed', message: 'flag --add-dir is not allowed' });
    expect(error.code).toBe('RELAY_REFUSED');
    expect(error.reason).toBe('flag_not_allowed');
    expect(error.message).toContain('--add-dir');
    expect(TransportStartError.isInstance(error)).toBe(true);
    expect(RelayRefusedError.isInstance(error)).toBe(true);
    expect(RelayRefusedError.isInstance(new Error('x'))).toBe(false);
    // The kit's error of a refused link: a program handles every remote transport's refusal alike.
    expect(LinkRefusedError.isInstance(error)).toBe(true);
    expect(error.message).toBe('The relay refused to start the CLI (flag_not_allowed): flag --add-dir is not allowed');
  });

  it('RelayConnectionLostError is a TransportError with the close code', () => {
    const error = new RelayConnectionLostError({ closeCode: 1009, closeReason: 'Max payload size exceeded' });
    expect(error.code).toBe('RELAY_CONNECTION_LOST');
    expect(error.closeCode).toBe(1009);
    expect(error.message).toContain('1009');
    expect(TransportError.isInstance(error)).toBe(true);
    expect(RelayConnectionLostError.isInstance(error)).toBe(true);
    expect(LinkLostError.isInstance(error)).toBe(true);
    expect(error.peer).toBe('relay');
    // The marker is a registered symbol: another copy of the package recognises it.
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('hexagent.error.RelayConnectionLostError')]).toBe(
      true,
    );
  });
});

describe('a relay that cannot be reached', () => {
  it("start() fails with the kit's LinkUnreachableError naming the URL (nothing listens on port 1)", async () => {
    const transport = webSocketTransport({ url: 'ws://127.0.0.1:1', token: 'token' })(buildTransportLaunch({}));
    const error = await transport.start().catch((caught: unknown) => caught);
    expect(LinkUnreachableError.isInstance(error), String(error)).toBe(true);
    expect(TransportStartError.isInstance(error)).toBe(true);
    expect(String(error)).toContain('ws://127.0.0.1:1');
    expect(String(error)).not.toContain('pathToClaudeCodeExecutable');
    await transport.close();
  });
});
