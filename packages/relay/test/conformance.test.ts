/**
 * WebSocketTransport through a relay against the transport conformance suite (both read modes),
 * with the relay spawning the stand-in CLI as the suite's echo peer.
 */
import { transportConformanceSuite } from '@hexagent/testing/conformance';
import { afterAll, beforeAll } from 'vitest';
import type { Relay } from '../src/index.js';
import { relayFor, removeTempDirs, standInCli, transportTo } from './helpers/relay-fixture.js';

let relay: Relay;
beforeAll(async () => {
  relay = await relayFor(standInCli({ echo: ['echo'] }), { maxConnections: 64 });
});
afterAll(async () => {
  await relay.close();
  removeTempDirs();
});

transportConformanceSuite('WebSocketTransport (relay running the echo peer)', () => transportTo(relay));
