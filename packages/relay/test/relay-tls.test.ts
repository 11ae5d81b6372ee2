/**
 * The relay over TLS (`wss://`) with a self-signed certificate the client is told to trust. The
 * certificate is made with openssl: without it the test is skipped, and with `CI` set it fails.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RelayRefusedError } from '@hexagent/transport-websocket';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, relayFor, removeTempDirs, standInCli, transportTo } from './helpers/relay-fixture.js';

afterAll(removeTempDirs);

/** A self-signed certificate for 127.0.0.1, made with openssl; undefined when openssl is missing. */
function selfSigned(): { cert: Buffer; key: Buffer } | undefined {
  const dir = makeTempDir();
  const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'ignore' },
    );
  } catch {
    return undefined;
  }
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

const tls = selfSigned();
const inCi = !['', '0', 'false'].includes(process.env['CI'] ?? '');
if (tls === undefined) {
  const message =
    'The wss:// test did not run: openssl is not on PATH (it makes the test certificate). Install it (apt-get install openssl) to run it.';
  // Skipped on a developer's machine; in CI a missing openssl must not pass silently.
  if (inCi) throw new Error(`${message} In CI this is a failure.`);
  console.warn(`\n${message}\n`);
}

describe.runIf(tls !== undefined)('the relay over wss://', () => {
  it('serves wss:// with a certificate and key, and a client trusting it runs the CLI', async () => {
    const relay = await relayFor(standInCli({ echo: ['echo'] }), { tls });
    try {
      expect(relay.url).toMatch(/^wss:\/\/127\.0\.0\.1:\d+$/);
      const transport = transportTo(relay, {}, { ca: tls?.cert });
      await transport.start();
      await transport.send({ type: 'echo', over: 'tls' } as never);
      for await (const message of transport.messages()) {
        if (message.type === 'echo') {
          expect(message).toEqual({ type: 'echo', over: 'tls' });
          break;
        }
      }
      await transport.close();
      // A client that does not trust the certificate never gets as far as the hello.
      const untrusting = transportTo(relay);
      const error = await untrusting.start().catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: 'TRANSPORT_START_FAILED' });
      expect(RelayRefusedError.isInstance(error)).toBe(false);
    } finally {
      await relay.close();
    }
  });
});
