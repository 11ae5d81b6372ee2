import { connect, createServer, type Socket } from 'node:net';
import { TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingConnections } from './pending-connections.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** A loopback server whose accepted sockets go to `pending`; resolves with its port. */
async function serve(pending: PendingConnections, accepted: Socket[] = []): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    accepted.push(socket);
    pending.add(socket);
  });
  scope.defer(() => new Promise((resolve) => server.close(resolve)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

function open(port: number, localAddress = '127.0.0.1'): Promise<{ closed: Promise<void>; socket: Socket }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    scope.defer(() => socket.destroy());
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ closed, socket }));
  });
}

describe('PendingConnections', () => {
  it('destroys a connection at its deadline, and not one settled before it', async () => {
    const pending = new PendingConnections({ timeoutMs: 300, max: 10, maxPerAddress: 10 });
    const accepted: Socket[] = [];
    const port = await serve(pending, accepted);
    const first = await open(port);
    const second = await open(port);
    await expect.poll(() => accepted.length).toBe(2);
    pending.settle(accepted[1] as Socket);
    const started = Date.now();
    await first.closed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(accepted[1]?.destroyed).toBe(false);
    expect(pending.size).toBe(0);
    void second;
  });

  it('over a bound the oldest goes: per address, then overall', async () => {
    const pending = new PendingConnections({ timeoutMs: 60_000, max: 3, maxPerAddress: 2 });
    const port = await serve(pending);
    const a1 = await open(port, '127.0.0.2');
    const a2 = await open(port, '127.0.0.2');
    await expect.poll(() => pending.size).toBe(2);
    await open(port, '127.0.0.2');
    await a1.closed;
    await expect.poll(() => pending.size).toBe(2);
    const b1 = await open(port, '127.0.0.3');
    await expect.poll(() => pending.size).toBe(3);
    await open(port, '127.0.0.4');
    // The oldest overall (the second of 127.0.0.2) makes room.
    await a2.closed;
    await expect.poll(() => pending.size).toBe(3);
    pending.close();
    await b1.closed;
    expect(pending.size).toBe(0);
  });

  it('one that has sent bytes is kept over those that sent nothing; among those, the busiest address gives first', async () => {
    const pending = new PendingConnections({ timeoutMs: 60_000, max: 3, maxPerAddress: 10 });
    const accepted: Socket[] = [];
    const port = await serve(pending, accepted);
    const a = await open(port, '127.0.0.2');
    a.socket.write('GET / HTTP/1.1\r\n');
    await expect.poll(() => accepted[0]?.bytesRead).toBeGreaterThan(0);
    const b1 = await open(port, '127.0.0.3');
    const b2 = await open(port, '127.0.0.3');
    await expect.poll(() => pending.size).toBe(3);
    // Full: the oldest (a) has sent bytes; of those that sent none, 127.0.0.3 holds two places.
    await open(port, '127.0.0.4');
    await b1.closed;
    await open(port, '127.0.0.5');
    await b2.closed;
    expect(a.socket.destroyed).toBe(false);
    await expect.poll(() => pending.size).toBe(3);
    pending.close();
  });
});
