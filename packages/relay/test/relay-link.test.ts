/** The link between client and relay: drops, silence, the CLI's exit, and flow control under a flood. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InboundMessage } from '@hexagent/core';
import { TestScope } from '@hexagent/testing';
import { type LinkProxy, startLinkProxy } from '@hexagent/testing/conformance';
import { buildTransportLaunch, ProcessError } from '@hexagent/transport-kit';
import { RelayConnectionLostError, webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Relay } from '../src/index.js';
import {
  isAlive,
  makeTempDir,
  relayFor,
  removeTempDirs,
  standInCli,
  TOKEN,
  transportTo,
} from './helpers/relay-fixture.js';

const scripted = standInCli({ echo: true, stepsFromInput: true });
const scope = new TestScope();
afterEach(() => scope.cleanup());
afterAll(removeTempDirs);

async function relayBehindProxy(
  config: Parameters<typeof relayFor>[1] = {},
): Promise<{ relay: Relay; proxy: LinkProxy }> {
  const relay = await relayFor(scripted, config);
  scope.defer(() => relay.close());
  const proxy = await startLinkProxy(relay.port);
  scope.defer(() => proxy.close());
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
    const transport = webSocketTransport({ url: `ws://127.0.0.1:${proxy.port}`, token: TOKEN })(
      buildTransportLaunch({}),
    );
    await transport.start();
    const pid = transport.remotePid ?? -1;
    const seen: InboundMessage[] = [];
    const reading = readAll(transport.messages(), seen);
    await transport.send({ type: 'echo', n: 1 });
    await expect.poll(() => seen.length).toBe(1);
    proxy.cut();
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
    const transport = webSocketTransport({
      url: `ws://127.0.0.1:${proxy.port}`,
      token: TOKEN,
      heartbeatIntervalMs: 200,
    })(buildTransportLaunch({}));
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
    const transport = webSocketTransport({
      url: `ws://127.0.0.1:${proxy.port}`,
      token: TOKEN,
      heartbeatIntervalMs: 60_000,
    })(buildTransportLaunch({}));
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

  it('a client that stops reading pauses the CLI: its writes stall at a bounded point, then all arrive in order', async () => {
    // A "CLI" that floods 1 KiB lines as fast as its stdout takes them and records how many it wrote.
    const dir = makeTempDir();
    const progress = path.join(dir, 'progress');
    const flooder = path.join(dir, 'flooder.mjs');
    const total = 60_000;
    writeFileSync(
      flooder,
      `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
const pad = 'x'.repeat(1000);
for (let i = 0; i < ${total}; i++) {
  if (!process.stdout.write(JSON.stringify({ type: 'line', i, pad }) + '\\n')) {
    await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
  if (i % 100 === 0) writeFileSync(${JSON.stringify(progress)}, String(i));
}
writeFileSync(${JSON.stringify(progress)}, 'done');
`,
      { mode: 0o755 },
    );
    // Heartbeats far shorter than the stall: flow control must not look like a dead link to either side.
    const relay = await relayFor(flooder, { highWaterBytes: 16 * 1024, heartbeatIntervalMs: 200 });
    scope.defer(() => relay.close());
    const transport = transportTo(relay, {}, { highWaterMark: 8, heartbeatIntervalMs: 200 });
    await transport.start();
    const written = () => {
      try {
        return readFileSync(progress, 'utf8');
      } catch {
        return '0';
      }
    };
    // Nobody reads: once the buffers on the way are full, the relay stops reading the CLI.
    let stalledAt = '';
    for (let i = 0; i < 50; i++) {
      const before = written();
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (before !== '0' && written() === before) {
        stalledAt = before;
        break;
      }
    }
    expect(stalledAt).not.toBe('');
    expect(stalledAt).not.toBe('done');
    // 60 MB in all; what is in flight (pipe, relay, kernel socket buffers, the client's queue) is a few MB.
    expect(Number(stalledAt)).toBeLessThan(total / 3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(written()).toBe(stalledAt);
    let next = 0;
    let ordered = true;
    for await (const message of transport.messages()) {
      if (message.type !== 'line') continue;
      if ((message as { i?: number }).i !== next) ordered = false;
      next++;
      if (next === total) break;
    }
    expect(next).toBe(total);
    expect(ordered).toBe(true);
    // The flooder notes 'done' after its last write returns, which can be after that line arrived here
    // (and its file is empty for an instant while rewritten): wait for it.
    await expect.poll(written).toBe('done');
    await transport.close();
  }, 60_000);
});
