/**
 * Attack: holding the relay's door without a token. Strangers open TCP connections and send
 * nothing (or a header a byte at a time); token holders must still get in at once, and the
 * strangers must be cut off within seconds. The relay bin runs in a process of its own on loopback;
 * the flood comes from other loopback addresses (127.0.0.0/8 is all loopback on Linux), or from the
 * token holder's own.
 */
import type { ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rawRelayClient } from '../helpers/raw-relay-client.js';
import { removeTempDirs, standInCli, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const relays: ChildProcess[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(relays.splice(0).map(stopRelayProcess));
});
afterAll(removeTempDirs);

const echo = standInCli({ echo: ['echo'] });
const HANDSHAKE_MS = 2000;

async function relay(config: Record<string, unknown> = {}): Promise<{ url: string; port: number }> {
  const { relay: child, url } = await startRelayProcess({ cliPath: echo, handshakeTimeoutMs: HANDSHAKE_MS, ...config });
  relays.push(child);
  return { url, port: Number(new URL(url).port) };
}

/** A stranger's connection from `localAddress` that sends `send` (if any) and then nothing; resolves once connected. */
function idleSocket(
  port: number,
  localAddress: string,
  send?: string,
): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('data', () => {});
    const closed = new Promise<number>((closedAt) => socket.once('close', () => closedAt(Date.now())));
    socket.once('connect', () => {
      if (send !== undefined) socket.write(send);
      resolve({ socket, closed });
    });
    // A connection refused outright counts as connected-and-closed.
    socket.once('close', () => resolve({ socket, closed }));
  });
}

async function flood(port: number, count: number, address: (i: number) => string) {
  const opened: Array<{ socket: Socket; closed: Promise<number> }> = [];
  for (let i = 0; i < count; i += 50) {
    opened.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, (_, j) => idleSocket(port, address(i + j))),
      )),
    );
  }
  return opened;
}

/** How long a token holder takes to get a running CLI. */
async function tokenHolderGetsIn(url: string): Promise<number> {
  const started = Date.now();
  const transport = webSocketTransport({ url, token: TOKEN, connectTimeoutMs: 15_000 })(buildTransportLaunch({}));
  await transport.start();
  const took = Date.now() - started;
  await transport.close();
  return took;
}

describe('attack: idle connections before authentication', () => {
  it('a connection that sends nothing is closed within the handshake deadline', async () => {
    const { port } = await relay();
    const openedAt = Date.now();
    const { closed } = await idleSocket(port, '127.0.0.1');
    const lived = (await closed) - openedAt;
    expect(lived).toBeLessThan(HANDSHAKE_MS + 1500);
  }, 30_000);

  it('a header sent a byte at a time (slowloris) is cut at the deadline, not when it ends', async () => {
    const { port } = await relay();
    const openedAt = Date.now();
    const { socket, closed } = await idleSocket(port, '127.0.0.1', 'GET / HTTP/1.1\r\n');
    const drip = setInterval(() => socket.write('X'), 200);
    const lived = (await closed) - openedAt;
    clearInterval(drip);
    expect(lived).toBeLessThan(HANDSHAKE_MS + 1500);
  }, 30_000);

  it('an authenticated connection that never sends its hello is closed at the deadline, and nothing starts', async () => {
    const { url } = await relay();
    const client = rawRelayClient(url, undefined);
    // Open, authenticated, but the hello never comes: replace the send with nothing.
    client.socket.removeAllListeners('open');
    const openedAt = Date.now();
    await client.closed;
    expect(Date.now() - openedAt).toBeLessThan(HANDSHAKE_MS + 1500);
    const answer = await client.answer;
    expect(answer.ready).toBeUndefined();
  }, 30_000);

  for (const [what, address] of [
    ['from another address', () => '127.0.0.2'],
    ['from the token holder’s own address', () => '127.0.0.1'],
    ['from 300 addresses', (i: number) => `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`],
  ] as const) {
    it(`300 idle sockets ${what}: a token holder still gets in at once, the strangers are gone within seconds`, async () => {
      const { url, port } = await relay();
      const openedAt = Date.now();
      const strangers = await flood(port, 300, address);
      const took = await tokenHolderGetsIn(url);
      console.log(`[relay attack] 300 idle sockets ${what}: a token holder got in after ${took} ms`);
      expect(took).toBeLessThan(3000);
      const closedAt = await Promise.race([
        Promise.all(strangers.map((stranger) => stranger.closed)),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), HANDSHAKE_MS + 5000)),
      ]);
      expect(closedAt, 'every stranger cut off').toBeDefined();
      const last = Math.max(...(closedAt ?? []));
      console.log(`[relay attack] the last of them was cut ${last - openedAt} ms after the flood began`);
      expect(last - openedAt).toBeLessThan(HANDSHAKE_MS + 4000);
      // A token holder still gets in after the flood.
      expect(await tokenHolderGetsIn(url)).toBeLessThan(3000);
    }, 60_000);
  }
});
