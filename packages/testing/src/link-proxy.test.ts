import { existsSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLinkProxy } from './link-proxy.js';
import { TestScope } from './test-scope.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** An echo server on `listen` (a port 0 or a Unix socket path). */
async function echoServer(listen: number | string): Promise<Server> {
  const server = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) =>
    typeof listen === 'string' ? server.listen(listen, resolve) : server.listen(0, '127.0.0.1', resolve),
  );
  scope.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}

function roundTrip(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (chunk) => resolve(String(chunk)));
    socket.write(text);
  });
}

describe('startLinkProxy', () => {
  it('forwards to a Unix socket through a Unix socket of its own, cuts it, and removes it at close()', async () => {
    const dir = scope.tempDir('hexagent-proxy-test-');
    await echoServer(join(dir, 'daemon.sock'));
    const proxy = await startLinkProxy(join(dir, 'daemon.sock'));
    expect(proxy.path).toMatch(/proxy\.sock$/);
    expect(proxy.port).toBe(0);
    const client = createConnection({ path: proxy.path as string });
    client.on('error', () => {});
    expect(await roundTrip(client, 'hello')).toBe('hello');
    const closed = new Promise((resolve) => client.once('close', resolve));
    proxy.cut();
    await closed;
    await proxy.close();
    expect(existsSync(dirname(proxy.path as string))).toBe(false);
  });

  it('forwards TCP on a loopback port', async () => {
    const server = await echoServer(0);
    const address = server.address();
    const proxy = await startLinkProxy(typeof address === 'object' && address !== null ? address.port : 0);
    scope.defer(() => proxy.close());
    expect(proxy.path).toBeUndefined();
    const client = createConnection({ host: '127.0.0.1', port: proxy.port });
    client.on('error', () => {});
    scope.defer(() => client.destroy());
    expect(await roundTrip(client, 'one')).toBe('one');
  });
});
