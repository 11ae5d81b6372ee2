import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ProcessGuardian, RELAY_SUBPROTOCOL } from '@hexagent/transport-kit';
import { WebSocketServer } from 'ws';
import { PendingConnections } from './pending-connections.js';
import { ProcessTreeTracker } from './process-tree/process-tree-tracker.js';
import { checkRelayToken, type RelayConfig, resolveRelayConfig } from './relay-config.js';
import { makeRelayRuntimeDir, removeRelayRuntimeDir, sweepRelayRuntimeDirs } from './relay-runtime-dir.js';
import { RelaySession } from './relay-session.js';
import { RelayTokens } from './relay-tokens.js';

/** A running relay. */
export interface Relay {
  /** The address clients connect to, `ws://host:port` or `wss://host:port`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Connections (so CLI processes) open now. */
  readonly connections: number;
  /**
   * How it finds each CLI's processes: `'cgroup'` (a cgroup v2 per CLI: nothing escapes it) or
   * `'proc'` (through /proc: a process that leaves the tree and clears its environment escapes).
   */
  readonly processTracking: 'cgroup' | 'proc';
  /**
   * Replaces the token. The previous one still opens connections for `tokenGraceMs`; then it is
   * refused, and the connections it opened are ended (`token_revoked`, close 4401).
   *
   * @throws InvalidOptionError for a token shorter than 16 characters.
   */
  setToken(token: string): void;
  /** Stop accepting, end every connection and stop every CLI's process tree. */
  close(): Promise<void>;
}

/**
 * Starts a relay: an HTTP(S) server that upgrades authenticated requests (`Authorization: Bearer`,
 * checked in constant time; HTTP 401 otherwise, 503 over `maxConnections`) to WebSockets of the
 * `hexagent-relay.v1` subprotocol, and runs one CLI per connection (see `RelaySession`). Before
 * authentication every connection has `handshakeTimeoutMs` to get its hello in, and at most
 * `maxPendingConnections` (`maxPendingPerAddress` from one address) wait at once, those that have
 * sent nothing making room first (see `PendingConnections`); the server takes no more than
 * `maxConnections + 2 × maxPendingConnections` sockets. The token can be replaced while it runs
 * (`setToken`). At start it removes what relays that died with their guardian left behind.
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
  const sessions = new Map<RelaySession, string>();
  const tokens = new RelayTokens(resolved.token, resolved.tokenGraceMs, (retired) => {
    for (const [session, token] of sessions) if (token === retired) session.revoke();
  });
  const tracker = ProcessTreeTracker.create(resolved.processTracking);
  // What relays killed together with their guards left (resumed sessions' credentials, transcripts).
  sweepRelayRuntimeDirs();
  const runtimeDir = makeRelayRuntimeDir();
  // The kit's guardian: kills the CLIs' trees (the tracker's markers, its cgroup) and removes the
  // runtime directory if this process dies without doing so (SIGKILL). It runs from now on.
  const guard = new ProcessGuardian({
    id: tracker.id,
    graceMs: resolved.killTimeoutMs,
    removeOnExit: runtimeDir,
    ...(tracker.cgroupDir === undefined ? {} : { cgroupDir: tracker.cgroupDir }),
  });
  guard.start();
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
    const token = tokens.match(request.headers.authorization);
    if (token === undefined) return reject(socket, 401, 'Unauthorized');
    if (sessions.size >= resolved.maxConnections) return reject(socket, 503, 'Service Unavailable');
    pending.settle(socket as Socket);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const session = new RelaySession(ws, resolved, { guard, tracker, runtimeDir, tokens: () => tokens.all });
      sessions.set(session, token);
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
    tokens.close();
    removeRelayRuntimeDir(runtimeDir);
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
    processTracking: tracker.mode,
    setToken(token: string) {
      checkRelayToken(token);
      tokens.replace(token);
    },
    async close() {
      server.close();
      pending.close();
      tokens.close();
      const open = [...sessions.keys()];
      for (const session of open) session.terminate();
      await Promise.all(open.map((session) => session.done));
      await tracker.close(resolved.killTimeoutMs);
      removeRelayRuntimeDir(runtimeDir);
      guard.close();
      wss.close();
      server.closeAllConnections();
    },
  };
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
