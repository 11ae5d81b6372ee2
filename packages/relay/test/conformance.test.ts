/**
 * WebSocketTransport through a relay against the transport conformance suite (both read modes),
 * with the relay spawning the stand-in CLI as the suite's conformance peer, and the fault section:
 * each link goes through a TCP proxy the suite can cut or freeze, and what runs on the relay's side
 * is counted through /proc by a variable the relay gives its CLIs (and they pass on). The fault
 * tests' transports reach a relay bin in a process of its own, which `killFarSide` SIGKILLs (its
 * guardian must stop the CLIs; the next fault test starts another).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  type LinkProxy,
  processesWithEnv,
  startLinkProxy,
  transportConformanceSuite,
} from '@hexagent/testing/conformance';
import { conformancePeer } from '@hexagent/testing/stand-in-cli';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, beforeAll } from 'vitest';
import type { Relay } from '../src/index.js';
import { relayFor, removeTempDirs, standInCli, TOKEN, transportTo } from './helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from './helpers/relay-process.js';

const peerId = randomUUID();
let relay: Relay;
const proxies: LinkProxy[] = [];
const settings = {
  maxConnections: 64,
  // The relay's own heartbeat finds a frozen link (the client's cannot tell it).
  heartbeatIntervalMs: 500,
  killTimeoutMs: 1000,
  env: { HEXAGENT_CONFORMANCE_PEER: peerId },
};
/** The relay bin the fault tests reach, started at the first and again after a `killFarSide`. */
let farSide: Promise<{ relay: ChildProcess; port: number }> | undefined;
function relayProcess(): Promise<{ relay: ChildProcess; port: number }> {
  farSide ??= startRelayProcess({ ...settings, cliPath: standInCli(conformancePeer()) }).then((started) => ({
    relay: started.relay,
    port: Number(new URL(started.url).port),
  }));
  return farSide;
}
beforeAll(async () => {
  relay = await relayFor(standInCli(conformancePeer()), settings);
});
afterAll(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await relay.close();
  if (farSide !== undefined) await stopRelayProcess((await farSide).relay);
  removeTempDirs();
});

transportConformanceSuite('WebSocketTransport (relay running the conformance peer)', () => transportTo(relay), {
  faults: {
    async connect(options) {
      const far = await relayProcess();
      const proxy = await startLinkProxy(far.port);
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
    async killFarSide() {
      const far = await relayProcess();
      farSide = undefined;
      far.relay.kill('SIGKILL');
    },
  },
});
