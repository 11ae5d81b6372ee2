/** What the relay refuses, and how the client reports it: typed errors, nothing left running. */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { TestScope } from '@hexagent/testing';
import { RELAY_SUBPROTOCOL } from '@hexagent/transport-kit';
import { RelayConnectionLostError, RelayRefusedError } from '@hexagent/transport-websocket';
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

const echo = standInCli({ echo: true });
const scope = new TestScope();
async function relay(config: Parameters<typeof relayFor>[1] = {}): Promise<Relay> {
  const started = await relayFor(echo, config);
  scope.defer(() => started.close());
  return started;
}
afterEach(() => scope.cleanup());

/**
 * A token holder that upgrades by hand, sends `hello` (if any) and then answers nothing, not even
 * the relay's close frame (a client gone silent, or one holding places on purpose).
 */
async function silentClient(r: Relay, hello?: unknown): Promise<{ closed: Promise<void> }> {
  const socket = connect({ host: '127.0.0.1', port: r.port });
  scope.defer(() => socket.destroy());
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'GET / HTTP/1.1',
      `Host: 127.0.0.1:${r.port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Protocol: ${RELAY_SUBPROTOCOL}`,
      `Authorization: Bearer ${TOKEN}`,
      '',
      '',
    ].join('\r\n'),
  );
  await new Promise((resolve) => socket.once('data', resolve));
  if (hello !== undefined) {
    // A masked binary frame (the mask all zeros: the payload as it is).
    const payload = Buffer.from(JSON.stringify(hello));
    socket.write(Buffer.concat([Buffer.from([0x82, 0x80 | payload.length, 0, 0, 0, 0]), payload]));
  }
  // From here on it answers nothing: the relay's close frame goes unanswered.
  socket.on('data', () => {});
  return { closed };
}

/** Resolves once a connection to `r` is taken (no HTTP 503), with how long that took. */
async function placeFreeAfter(r: Relay, since: number): Promise<number> {
  await expect.poll(() => r.connections, { timeout: 20_000 }).toBe(0);
  const transport = transportTo(r);
  await transport.start();
  await transport.close();
  return Date.now() - since;
}
afterAll(removeTempDirs);

async function refusal(start: Promise<void>): Promise<RelayRefusedError> {
  const error = await start.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(RelayRefusedError.isInstance(error)).toBe(true);
  return error as RelayRefusedError;
}

describe('the relay refuses', () => {
  it('a wrong token before the upgrade (HTTP 401), and starts nothing', async () => {
    const r = await relay();
    const transport = transportTo(r, {}, { token: 'wrong-token-0123456789' });
    const error = await refusal(transport.start());
    expect(error).toMatchObject({ code: 'RELAY_REFUSED', reason: 'unauthorized' });
    expect(error.message).toContain('401');
    expect(transport.isOpen).toBe(false);
    expect(r.connections).toBe(0);
  });

  it('a flag its operator does not allow, naming it', async () => {
    const r = await relay();
    const error = await refusal(transportTo(r, { additionalDirectories: ['/etc'] }).start());
    expect(error.reason).toBe('flag_not_allowed');
    expect(error.message).toContain('--add-dir');
  });

  it('a flag the operator allows once listed', async () => {
    const r = await relay({ allowedFlags: ['output-format', 'input-format', 'verbose', 'add-dir'] });
    const transport = transportTo(r, { additionalDirectories: ['/tmp'] });
    await transport.start();
    expect(transport.isOpen).toBe(true);
    await transport.close();
  });

  it('an environment variable it does not allow', async () => {
    const r = await relay();
    const error = await refusal(transportTo(r, { env: { AWS_SECRET_ACCESS_KEY: 'x' } }).start());
    expect(error.reason).toBe('env_not_allowed');
    expect(error.message).toContain('AWS_SECRET_ACCESS_KEY');
  });

  it('a cwd outside its roots, and takes one inside', async () => {
    const root = makeTempDir();
    const r = await relay({ cwdRoots: [root] });
    expect((await refusal(transportTo(r, { cwd: '/' }).start())).reason).toBe('cwd_not_allowed');
    const inside = transportTo(r, { cwd: root });
    await inside.start();
    await inside.close();
  });

  it('a connection over its limit (HTTP 503)', async () => {
    const r = await relay({ maxConnections: 1 });
    const first = transportTo(r);
    await first.start();
    expect((await refusal(transportTo(r).start())).reason).toBe('over_capacity');
    await first.close();
  });

  it('a frame over its size limit: the client gets a typed error, the CLI is stopped', async () => {
    const r = await relay({ maxFrameBytes: 64 * 1024 });
    const transport = transportTo(r);
    await transport.start();
    const pid = transport.remotePid ?? -1;
    expect(isAlive(pid)).toBe(true);
    const read = (async () => {
      for await (const _ of transport.messages()) {
        // Drain until the link ends.
      }
    })();
    await transport.send({ type: 'echo', pad: 'x'.repeat(100 * 1024) }).catch(() => {});
    const error = await read.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(RelayConnectionLostError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'RELAY_CONNECTION_LOST', closeCode: 1009 });
    await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    await expect.poll(() => r.connections).toBe(0);
  });

  it("a line of the CLI's output over the frame limit: the link closes (1009), the client gets a typed error, the CLI is stopped", async () => {
    const r = await relayFor(standInCli({ echo: ['echo'], stepsFromInput: true }), { maxFrameBytes: 64 * 1024 });
    scope.defer(() => r.close());
    const transport = transportTo(r);
    await transport.start();
    const pid = transport.remotePid ?? -1;
    const seen: string[] = [];
    const read = (async () => {
      for await (const message of transport.messages()) seen.push(message.type);
    })();
    // A line under the limit goes through; the next one, twice the limit, ends the link.
    await transport.send({
      type: 'stand_in',
      steps: [{ bigLine: 1024 }, { bigLine: 128 * 1024 }, { hang: true }],
    } as never);
    const error = await read.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(seen).toEqual(['big']);
    expect(RelayConnectionLostError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'RELAY_CONNECTION_LOST', closeCode: 1009 });
    expect((error as RelayConnectionLostError).closeReason).toBe(
      "a line of the CLI's output is over this relay's maxFrameBytes (65536)",
    );
    await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    await expect.poll(() => r.connections).toBe(0);
  });

  it('a connection idle for too long', async () => {
    const r = await relay({ idleTimeoutMs: 300 });
    const transport = transportTo(r);
    await transport.start();
    const pid = transport.remotePid ?? -1;
    const error = await (async () => {
      for await (const _ of transport.messages()) {
        // Nothing comes.
      }
    })().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: 'RELAY_CONNECTION_LOST', closeCode: 4408 });
    await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
  });

  it('a hello that never comes: the place is free once the relay gives up, not 30 s later', async () => {
    const r = await relay({ maxConnections: 1, handshakeTimeoutMs: 500, closeTimeoutMs: 500 });
    const since = Date.now();
    const { closed } = await silentClient(r);
    await closed;
    const took = await placeFreeAfter(r, since);
    console.log(`[relay] a silent client's place was free ${took} ms after it opened`);
    // The hello deadline and the close timeout, and a margin; ws alone waits 30 s for the close frame.
    expect(took).toBeLessThan(500 + 500 + 5000);
  });

  it('an idle CLI whose client answers nothing: idleTimeoutMs as set, then the place is free', async () => {
    const r = await relay({ maxConnections: 1, idleTimeoutMs: 500, closeTimeoutMs: 500 });
    const since = Date.now();
    const { closed } = await silentClient(r, { type: 'relay_hello', argv: [], env: {} });
    await expect.poll(() => r.connections).toBe(1);
    await closed;
    const took = await placeFreeAfter(r, since);
    console.log(`[relay] an idle, silent client's place was free ${took} ms after it opened`);
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(500 + 500 + 5000);
  });
});
