/**
 * Attack: holding the relay's door without a token. Strangers open TCP connections and send
 * nothing (or a header a byte at a time); token holders must still get in at once, and the
 * strangers must be cut off within seconds. The relay bin runs in a process of its own on loopback;
 * the flood comes from other loopback addresses (127.0.0.0/8 is all loopback on Linux), or from the
 * token holder's own.
 */
import type { ChildProcess } from 'node:child_process';
import { connect, type NetConnectOpts, type Socket, type TcpNetConnectOpts } from 'node:net';
import { buildTransportLaunch, parseRelayFrame, RELAY_SUBPROTOCOL } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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

/**
 * A token holder whose upgrade is slow (a TLS handshake or the upgrade over a WAN link): the first
 * bytes of its request arrive as soon as it connects, the rest once `rest` settles (a round trip's
 * pause later). `ready` resolves with whether its CLI started.
 */
function slowTokenHolder(url: string, rest: Promise<unknown>): { ready: Promise<boolean>; connected: Promise<void> } {
  let markConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  const ready = new Promise<boolean>((resolve) => {
    const socket = new WebSocket(url, RELAY_SUBPROTOCOL, {
      headers: { authorization: `Bearer ${TOKEN}` },
      perMessageDeflate: false,
      createConnection: ((options: NetConnectOpts) => {
        const { host, port } = options as TcpNetConnectOpts;
        const raw = connect({ host: host ?? '127.0.0.1', port, localAddress: '127.0.0.1' });
        sockets.push(raw);
        raw.once('connect', markConnected);
        const write = raw.write.bind(raw) as (chunk: string | Buffer, ...more: unknown[]) => boolean;
        let first = true;
        raw.write = ((chunk: string | Buffer, ...more: unknown[]) => {
          if (!first) return write(chunk, ...more);
          first = false;
          const bytes = Buffer.from(chunk);
          write(bytes.subarray(0, 16));
          void rest.then(() => write(bytes.subarray(16), ...more));
          return true;
        }) as typeof raw.write;
        return raw;
      }) as typeof connect,
    });
    const timer = setTimeout(() => done(false), 15_000);
    const done = (started: boolean) => {
      clearTimeout(timer);
      socket.terminate();
      resolve(started);
    };
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
    socket.once('open', () =>
      socket.send(Buffer.from(JSON.stringify({ type: 'relay_hello', argv: [], env: {} })), { binary: true }),
    );
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary && parseRelayFrame(data)?.type === 'relay_ready') done(true);
    });
  });
  return { ready, connected };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens idle sockets at `perSecond` from `address(i)` for `durationMs`; resolves with how many it opened. */
async function steadyFlood(port: number, perSecond: number, durationMs: number, address: (i: number) => string) {
  const started = Date.now();
  let opened = 0;
  while (Date.now() - started < durationMs) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    for (; opened < due; opened++) {
      const socket = connect({ host: '127.0.0.1', port, localAddress: address(opened) });
      socket.on('error', () => {});
      socket.on('close', () => {
        const at = sockets.indexOf(socket);
        if (at !== -1) sockets.splice(at, 1);
      });
      sockets.push(socket);
    }
    await pause(5);
  }
  return opened;
}

describe('attack: a rotating-address flood against token holders whose upgrade is slow', () => {
  it('about 550 idle sockets a second from 8 addresses: 8 of 8 token holders with a 200 ms upgrade get in', async () => {
    const { url, port } = await relay();
    const flood = steadyFlood(port, 550, 3000, (i) => `127.0.2.${10 + (i % 8)}`);
    // The flood fills every place first; then the token holders come, one every 250 ms.
    await pause(500);
    const holders: Promise<boolean>[] = [];
    for (let i = 0; i < 8; i++) {
      holders.push(slowTokenHolder(url, pause(200)).ready);
      await pause(250);
    }
    const results = await Promise.all(holders);
    const opened = await flood;
    console.log(
      `[relay attack] ${opened} idle sockets in 3 s from 8 addresses: ${results.filter(Boolean).length} of 8 slow token holders got in`,
    );
    expect(opened).toBeGreaterThan(1000);
    expect(results.filter(Boolean)).toHaveLength(8);
  }, 60_000);

  it('the places turn over three times, from 200 addresses, during one upgrade: the token holder still gets in', async () => {
    // Paced by the relay's own evictions, not by time: each idle socket opened makes the relay drop
    // one already waiting (the client sees it close), whatever the load of this machine.
    const places = 16;
    const { url, port } = await relay({ maxPendingConnections: places, maxPendingPerAddress: 4 });
    const address = (i: number) => `127.0.${3 + Math.floor((i % 200) / 200)}.${10 + (i % 200)}`;
    let closed = 0;
    let opened = 0;
    const closes = new Set<() => void>();
    const openIdle = async (): Promise<void> => {
      const { closed: gone } = await idleSocket(port, address(opened++));
      void gone.then(() => {
        closed++;
        for (const check of closes) check();
      });
    };
    const closedAtLeast = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (closed >= count) {
            closes.delete(check);
            resolve();
          }
        };
        closes.add(check);
        check();
      });
    for (let i = 0; i <= places; i++) await openIdle();
    // The relay took all of them: the first went to make room for the last.
    await closedAtLeast(1);
    let finish: () => void = () => {};
    const holder = slowTokenHolder(
      url,
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    await holder.connected;
    // Three times the places, each one taken by the relay (one socket gone each) after the holder's.
    for (let i = 0; i < 3 * places; i++) {
      await openIdle();
      await closedAtLeast(2 + i);
    }
    finish();
    expect(await holder.ready).toBe(true);
  }, 60_000);
});
