/**
 * WebSocketTransport through a relay against the transport conformance suite (both read modes),
 * with the relay spawning the stand-in CLI as the suite's conformance peer, and the fault section:
 * each link goes through a TCP proxy the suite can cut or freeze, and what runs on the relay's side
 * is counted through /proc by a variable the relay gives its CLIs (and they pass on).
 */
import { randomUUID } from 'node:crypto';
import { type LinkProxy, startLinkProxy, transportConformanceSuite } from '@hexagent/testing/conformance';
import { conformancePeer } from '@hexagent/testing/stand-in-cli';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, beforeAll } from 'vitest';
import type { Relay } from '../src/index.js';
import { processesWithEnv } from './helpers/processes.js';
import { relayFor, removeTempDirs, standInCli, TOKEN, transportTo } from './helpers/relay-fixture.js';

const peerId = randomUUID();
let relay: Relay;
const proxies: LinkProxy[] = [];
beforeAll(async () => {
  relay = await relayFor(standInCli(conformancePeer()), {
    maxConnections: 64,
    // The relay's own heartbeat finds a frozen link (the client's cannot tell it).
    heartbeatIntervalMs: 500,
    killTimeoutMs: 1000,
    env: { HEXAGENT_CONFORMANCE_PEER: peerId },
  });
});
afterAll(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await relay.close();
  removeTempDirs();
});

transportConformanceSuite('WebSocketTransport (relay running the conformance peer)', () => transportTo(relay), {
  faults: {
    async connect(options) {
      const proxy = await startLinkProxy(relay.port);
      proxies.push(proxy);
      const transport = webSocketTransport({
        url: `ws://127.0.0.1:${proxy.port}`,
        token: TOKEN,
        heartbeatIntervalMs: 300,
        closeTimeoutMs: 1000,
      })(buildTransportLaunch(options));
      return { transport, cut: () => proxy.cut(), silence: () => proxy.freeze() };
    },
    remoteProcesses: () => processesWithEnv(`HEXAGENT_CONFORMANCE_PEER=${peerId}`).length,
  },
});
