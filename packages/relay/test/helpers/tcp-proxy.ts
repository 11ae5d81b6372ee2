import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A loopback TCP proxy in front of a relay, to break or silence the link between client and relay. */
export interface TcpProxy {
  /** `ws://127.0.0.1:<port>`: connect here instead of to the relay. */
  url: string;
  /** Destroy every connection through the proxy at once, both sides: a dropped link. */
  drop(): void;
  /** Stop forwarding in both directions while keeping the connections: a link gone silent. */
  silence(): void;
  /**
   * Silence, and from then on a side that closes its end is not passed on to the other either: a
   * dead route, where each side finds out only by its own heartbeat.
   */
  freeze(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to `targetPort` on 127.0.0.1. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let silent = false;
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => silent || upstream.write(chunk));
    upstream.on('data', (chunk) => silent || client.write(chunk));
    client.on('close', () => frozen || upstream.destroy());
    upstream.on('close', () => frozen || client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${port}`,
    drop() {
      for (const socket of sockets) socket.destroy();
    },
    silence() {
      silent = true;
    },
    freeze() {
      silent = true;
      frozen = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
