/** The link between client and relay: drops, silence, the CLI's exit, and flow control under a flood. */
import type { InboundMessage } from '@hexagent/core';
import { ProcessError } from '@hexagent/transport-cli';
import { RelayConnectionLostError, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Relay } from '../src/index.js';
import { isAlive, relayFor, removeTempDirs, standInCli, TOKEN, transportTo } from './helpers/relay-fixture.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const scripted = standInCli({ echo: true, stepsFromInput: true });
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
afterAll(removeTempDirs);

async function relayBehindProxy(
  config: Parameters<typeof relayFor>[1] = {},
): Promise<{ relay: Relay; proxy: TcpProxy }> {
  const relay = await relayFor(scripted, config);
  const proxy = await startTcpProxy(relay.port);
  cleanups.push(
    () => proxy.close(),
    () => relay.close(),
  );
  return { relay, proxy };
}

/** Reads every message until the stream ends; resolves with them and the error it ended with. */
async function readAll(messages: AsyncIterable<InboundMessage>, seen: InboundMessage[] = []) {
  try {
    for await (const message of messages) seen.push(message);
    return { seen, error: undefined as unknown };
  } catch (error) {
    return { seen, error };
  }
}

describe('the link to the relay', () => {
  it('dropped mid-turn: RelayConnectionLostError on the client, no CLI left on the relay', async () => {
    const { relay, proxy } = await relayBehindProxy();
    const transport = webSocketTransport({ url: proxy.url, token: TOKEN });
    await transport.start();
    const pid = transport.remotePid ?? -1;
    const seen: InboundMessage[] = [];
    const reading = readAll(transport.messages(), seen);
    await transport.send({ type: 'echo', n: 1 });
    await expect.poll(() => seen.length).toBe(1);
    proxy.drop();
    const { error } = await reading;
    expect(RelayConnectionLostError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'RELAY_CONNECTION_LOST', closeCode: 1006 });
    await expect(transport.send({ type: 'echo', n: 2 })).rejects.toMatchObject({ code: 'RELAY_CONNECTION_LOST' });
    expect(transport.isOpen).toBe(false);
    await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    await expect.poll(() => relay.connections).toBe(0);
  });

  it("gone silent: the client's heartbeat notices, the client errors and the relay stops the CLI", async () => {
    const { relay, proxy } = await relayBehindProxy({ heartbeatIntervalMs: 60_000 });
    const transport = webSocketTransport({ url: proxy.url, token: TOKEN, heartbeatIntervalMs: 200 });
    await transport.start();
    const pid = transport.remotePid ?? -1;
    proxy.silence();
    const { error } = await readAll(transport.messages());
    expect(error).toMatchObject({ code: 'RELAY_CONNECTION_LOST', closeReason: 'no pong from the relay' });
    await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    await expect.poll(() => relay.connections).toBe(0);
  });

  it("gone silent: the relay's heartbeat notices and stops the CLI", async () => {
    const { relay, proxy } = await relayBehindProxy({ heartbeatIntervalMs: 200 });
    const transport = webSocketTransport({ url: proxy.url, token: TOKEN, heartbeatIntervalMs: 60_000 });
    await transport.start();
    const pid = transport.remotePid ?? -1;
    proxy.silence();
    await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    await expect.poll(() => relay.connections).toBe(0);
    const { error } = await readAll(transport.messages());
    expect(RelayConnectionLostError.isInstance(error)).toBe(true);
  });

  it('the CLI failing: ProcessError with its exit code and stderr, as CliTransport reports it', async () => {
    const { relay } = await relayBehindProxy();
    const transport = transportTo(relay);
    await transport.start();
    await transport.send({ type: 'stand_in', steps: [{ stderr: 'panic: lost the plot\n' }, { exit: 3 }] } as never);
    const { error } = await readAll(transport.messages());
    expect(ProcessError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ exitCode: 3 });
    expect((error as ProcessError).stderrTail).toContain('panic: lost the plot');
  });

  it('a flood read slowly arrives whole and in order (flow control both ways)', async () => {
    const { relay } = await relayBehindProxy({ highWaterBytes: 16 * 1024 });
    const transport = transportTo(relay, {}, { highWaterMark: 8 });
    await transport.start();
    const count = 20_000;
    await transport.send({ type: 'stand_in', steps: [{ lines: count }, { exit: 0 }] } as never);
    let next = 0;
    let ordered = true;
    for await (const message of transport.messages()) {
      if (message.type !== 'line') continue;
      if ((message as { i?: number }).i !== next) ordered = false;
      next++;
      if (next % 2000 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(next).toBe(count);
    expect(ordered).toBe(true);
  });
});
