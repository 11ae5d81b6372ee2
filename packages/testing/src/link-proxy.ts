import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a transport's far side (a relay, an sshd), to break a link the
 * way a network does, for the fault tests' `cut` and `silence` (`FaultableTransport`).
 */
export interface LinkProxy {
  /** The proxy's port on 127.0.0.1: connect here instead of to the far side. */
  port: number;
  /** Destroys every connection through the proxy at once, both sides: a dropped link. */
  cut(): void;
  /** Stops forwarding either way while keeping the connections: a link gone silent. */
  silence(): void;
  /**
   * Silence, and from then on a side that closes its end is not passed on to the other either: a
   * dead route, where each side finds out only by its own means (a heartbeat, a keep-alive).
   */
  freeze(): void;
  /** Destroys the connections and stops listening. */
  close(): Promise<void>;
}

/** Starts a {@link LinkProxy} on a free loopback port that forwards to `targetPort` on 127.0.0.1. */
export async function startLinkProxy(targetPort: number): Promise<LinkProxy> {
  const sockets = new Set<Socket>();
  let silent = false;
  let frozen = false;
  const server = createServer((client) => {
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
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    cut: destroyAll,
    silence() {
      silent = true;
    },
    freeze() {
      silent = true;
      frozen = true;
    },
    async close() {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
