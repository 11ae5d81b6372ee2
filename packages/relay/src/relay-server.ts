import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { RELAY_SUBPROTOCOL } from '@hexagent/transport-kit';
import { WebSocketServer } from 'ws';
import { checkBearerToken } from './check-bearer-token.js';
import { OrphanGuard } from './orphan-guard.js';
import { PendingConnections } from './pending-connections.js';
import { ProcessTreeTracker } from './process-tree/process-tree-tracker.js';
import { type RelayConfig, resolveRelayConfig } from './relay-config.js';
import { RelaySession } from './relay-session.js';

/** A running relay. */
export interface Relay {
  /** The address clients connect to, `ws://host:port` or `wss://host:port`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Connections (so CLI processes) open now. */
  readonly connections: number;
  /** Stop accepting, end every connection and stop every CLI's process tree. */
  close(): Promise<void>;
}

/**
 * Starts a relay: an HTTP(S) server that upgrades authenticated requests (`Authorization: Bearer`,
 * checked in constant time; HTTP 401 otherwise, 503 over `maxConnections`) to WebSockets of the
 * `hexagent-relay.v1` subprotocol, and runs one CLI per connection (see `RelaySession`). Before
 * authentication every connection has `handshakeTimeoutMs` to get its hello in, and at most
 * `maxPendingConnections` (`maxPendingPerAddress` from one address) wait at once, the oldest
 * making room; the server takes no more than `maxConnections + 2 × maxPendingConnections` sockets.
 *
 * @throws InvalidOptionError for a bad configuration.
 * @example
 * ```ts
 * const relay = await startRelay({ token: process.env.RELAY_TOKEN!, port: 7878, cwdRoots: ['/srv/work'] });
 * console.log(`relay on ${relay.url}`);
 * ```
 */
export async function startRelay(config: RelayConfig): Promise<Relay> {
  const resolved = resolveRelayConfig(config);
  const sessions = new Set<RelaySession>();
  const tracker = ProcessTreeTracker.create(resolved.processTracking);
  // Kills the CLIs' trees if this process dies without stopping them (SIGKILL).
  const guard = new OrphanGuard({
    graceSeconds: Math.ceil(resolved.killTimeoutMs / 1000),
    markerPrefix: tracker.markerPrefix,
    ...(tracker.cgroupDir === undefined ? {} : { cgroupDir: tracker.cgroupDir }),
  });
  const pending = new PendingConnections({
    timeoutMs: resolved.handshakeTimeoutMs,
    max: resolved.maxPendingConnections,
    maxPerAddress: resolved.maxPendingPerAddress,
  });
  const server: Server =
    resolved.tls === undefined
      ? createHttpServer()
      : createHttpsServer({ cert: resolved.tls.cert, key: resolved.tls.key });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: resolved.maxFrameBytes,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(RELAY_SUBPROTOCOL) ? RELAY_SUBPROTOCOL : false),
  });
  server.maxConnections = resolved.maxConnections + 2 * resolved.maxPendingConnections;
  server.on('connection', (socket: Socket) => pending.add(socket));
  server.on('request', (_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('hexagent relay: WebSocket only\n');
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    if (!checkBearerToken(request.headers.authorization, resolved.token)) return reject(socket, 401, 'Unauthorized');
    if (sessions.size >= resolved.maxConnections) return reject(socket, 503, 'Service Unavailable');
    pending.settle(socket as Socket);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const session = new RelaySession(ws, resolved, guard, tracker);
      sessions.add(session);
      void session.done.then(() => sessions.delete(session));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    guard.close();
    await tracker.close(0);
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const host = resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host;
  return {
    url: `${resolved.tls === undefined ? 'ws' : 'wss'}://${host}:${port}`,
    port,
    get connections() {
      return sessions.size;
    },
    async close() {
      server.close();
      pending.close();
      const open = [...sessions];
      for (const session of open) session.terminate();
      await Promise.all(open.map((session) => session.done));
      await tracker.close(resolved.killTimeoutMs);
      guard.close();
      wss.close();
      server.closeAllConnections();
    },
  };
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
