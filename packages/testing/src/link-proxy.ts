import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A loopback proxy in front of a transport's far side (a relay, an sshd, a daemon on a Unix
 * socket), to break a link the way a network does, for the fault tests' `cut` and `silence`
 * (`FaultableTransport`).
 */
export interface LinkProxy {
  /** The proxy's port on 127.0.0.1 (a TCP target): connect here instead of to the far side; 0 for a Unix socket. */
  port: number;
  /** The proxy's Unix socket (a Unix socket target): connect here instead; undefined for TCP. */
  path: string | undefined;
  /** Destroys every connection through the proxy at once, both sides: a dropped link. */
  cut(): void;
  /** Stops forwarding either way while keeping the connections: a link gone silent. */
  silence(): void;
  /**
   * Silence, and from then on a side that closes its end is not passed on to the other either: a
   * dead route, where each side finds out only by its own means (a heartbeat, a keep-alive).
   */
  freeze(): void;
  /** Destroys the connections and stops listening (and removes its Unix socket). */
  close(): Promise<void>;
}

/**
 * Starts a {@link LinkProxy} that forwards to `target`: a port on 127.0.0.1 (the proxy listens on a
 * free loopback port), or the path of a Unix socket (the proxy listens on a Unix socket of its own,
 * in a temp dir removed at `close()`).
 *
 * @example
 * ```ts
 * const proxy = await startLinkProxy('/run/my-daemon.sock');
 * const transport = myDaemonTransport({ socketPath: proxy.path })(launch);
 * proxy.freeze(); // the daemon and the transport must each find out by their heartbeats
 * ```
 */
export async function startLinkProxy(target: number | string): Promise<LinkProxy> {
  const sockets = new Set<Socket>();
  let silent = false;
  let frozen = false;
  const server = createServer((client) => {
    const upstream =
      typeof target === 'string'
        ? createConnection({ path: target })
        : createConnection({ host: '127.0.0.1', port: target });
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
  const dir = typeof target === 'string' ? mkdtempSync(join(tmpdir(), 'hexagent-link-proxy-')) : undefined;
  const path = dir === undefined ? undefined : join(dir, 'proxy.sock');
  await new Promise<void>((resolve) =>
    path === undefined ? server.listen(0, '127.0.0.1', resolve) : server.listen(path, resolve),
  );
  const address = server.address();
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    path,
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
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
