/**
 * Attack: a line the relay reads one way and the CLI another. Each way of writing a line
 * (`test/helpers/line-variants.ts`; how the real CLI reads each is checked in
 * `test/e2e/cli-line-reading.test.ts`) carries a control request the relay refuses (an
 * `mcp_set_servers` with a stdio server), or a harmless one. The relay bin runs a "CLI" that records
 * every byte of its input: a refused line never reaches it, in any spelling; a passed one reaches it
 * as one line, re-encoded, that the relay read.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_VARIANTS } from '../helpers/line-variants.js';
import { type RawRelayClient, rawRelayClient } from '../helpers/raw-relay-client.js';
import { isAlive, makeTempDir, removeTempDirs } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const BASE = ['--output-format=stream-json', '--verbose', '--input-format=stream-json'];
const records = makeTempDir();
let relay: ChildProcess;
let url: string;
beforeAll(async () => {
  const recorder = path.join(makeTempDir(), 'recorder');
  // A shell that becomes `cat`: starts at once, and keeps every byte of its input in <pid>.in.
  writeFileSync(recorder, `#!/bin/sh\nexec cat > ${JSON.stringify(records)}/$$.in\n`, { mode: 0o755 });
  ({ relay, url } = await startRelayProcess({ cliPath: recorder, maxConnections: 64 }));
}, 30_000);
afterAll(async () => {
  await stopRelayProcess(relay);
  removeTempDirs();
});

const forbidden = {
  type: 'control_request',
  request_id: 'v',
  request: { subtype: 'mcp_set_servers', servers: { evil: { type: 'stdio', command: 'sh', args: ['-c', 'id'] } } },
};
const harmless = { type: 'control_request', request_id: 'v', request: { subtype: 'mcp_status' } };

/** A connection whose CLI runs; `received()` is what that CLI has read so far. */
async function connected(): Promise<{ client: RawRelayClient; pid: number; received: () => string }> {
  const client = rawRelayClient(url, { type: 'relay_hello', argv: BASE, env: {} });
  const { ready } = await client.answer;
  if (ready === undefined) throw new Error('the relay did not start the CLI');
  const file = path.join(records, `${ready.pid}.in`);
  return { client, pid: ready.pid, received: () => (existsSync(file) ? readFileSync(file, 'utf8') : '') };
}

/** Sends `bytes` as one text frame. */
function sendText(client: RawRelayClient, bytes: Buffer): void {
  client.socket.send(bytes, { binary: false });
}

describe('attack: a line the relay reads one way and the CLI another', () => {
  it.each(LINE_VARIANTS)('$name (the CLI $cli): a refused request never reaches the CLI', async (variant) => {
    const { client, pid, received } = await connected();
    try {
      sendText(client, variant.bytes(forbidden));
      if (variant.notUtf8) {
        // Not UTF-8: not a text frame (ws closes with 1007, invalid payload); nothing goes on.
        expect(await client.closed).toBe(1007);
      } else if (variant.cli === 'exits') {
        // The relay cannot read it either: the connection ends, and the line goes nowhere.
        expect(await client.closed).toBe(4403);
        expect(client.errors).toMatchObject([{ reason: 'message_not_allowed' }]);
      } else {
        // The relay read the request as the CLI would, and answered it itself.
        const refused = await client.waitForLine((line) => line.type === 'control_response');
        expect(refused.response).toMatchObject({ subtype: 'error', request_id: 'v' });
        // A harmless line after it arrives, alone.
        sendText(client, Buffer.from(JSON.stringify({ type: 'keep_alive' })));
        await expect.poll(received).toBe('{"type":"keep_alive"}\n');
        return;
      }
      await expect.poll(() => isAlive(pid)).toBe(false);
      expect(received()).toBe('');
    } finally {
      client.close();
    }
  });

  it.each(LINE_VARIANTS.filter((variant) => variant.cli === 'acts' && variant.notUtf8 !== true))(
    '$name: a harmless request reaches the CLI as one line the relay read, re-encoded',
    async (variant) => {
      const { client, received } = await connected();
      try {
        sendText(client, variant.bytes(harmless));
        await expect.poll(() => received().endsWith('\n')).toBe(true);
        const line = received().slice(0, -1);
        expect(line).not.toContain('\n');
        expect(line).toBe(JSON.stringify(JSON.parse(line)));
        expect(JSON.parse(line)).toMatchObject(harmless);
        if (variant.name === 'plain') expect(`${line}\n`).toBe(variant.bytes(harmless).toString());
      } finally {
        client.close();
      }
    },
  );

  it('a line over maxFrameBytes, which the CLI would read (17 MiB): the frame is refused (1009), nothing goes on', async () => {
    const { client, pid, received } = await connected();
    sendText(client, Buffer.from(JSON.stringify({ ...forbidden, pad: 'x'.repeat(17 * 1024 * 1024) })));
    expect(await client.closed).toBe(1009);
    await expect.poll(() => isAlive(pid)).toBe(false);
    expect(received()).toBe('');
  });
});
