import { createConnection, createServer, type Socket } from 'node:net';

/** A loopback TCP proxy in front of sshd, to cut or silence one ssh link as a network would. */
export interface TcpProxy {
  port: number;
  /** Destroys every connection through the proxy at once, both sides: a dropped link. */
  cut(): void;
  /** Forwards nothing more either way and passes on no close: a dead route each side must find out. */
  freeze(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to `targetPort` on 127.0.0.1. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => frozen || upstream.write(chunk));
    upstream.on('data', (chunk) => frozen || client.write(chunk));
    client.on('close', () => frozen || upstream.destroy());
    upstream.on('close', () => frozen || client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    freeze() {
      frozen = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
