/**
 * The command-wrapper transport through real `ssh` to a throwaway sshd on 127.0.0.1 (a fixture:
 * temp dir, generated host and user keys, its own config), against the transport conformance
 * suite with its fault section: each faulty link goes through a TCP proxy the suite cuts or
 * freezes, and what runs on the far side is counted through /proc by a variable the session's
 * `options.env` gives the CLI (it travels over stdin). Skipped with a note without ssh/sshd;
 * under CI that is a failure.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransportStartError } from '@hexagent/core';
import {
  type LinkProxy,
  processesWithEnv,
  startLinkProxy,
  transportConformanceSuite,
} from '@hexagent/testing/conformance';
import { conformancePeer, installStandInCli } from '@hexagent/testing/stand-in-cli';
import { buildTransportLaunch, LinkUnreachableError } from '@hexagent/transport-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandWrapperTransport } from '../src/index.js';
import { type Sshd, sshMissing, startSshd } from './helpers/sshd.js';

const missing = sshMissing();
const dir = mkdtempSync(join(tmpdir(), 'hexagent-wrapper-ssh-'));
const peer = installStandInCli(conformancePeer(), { dir }).path;
const peerId = randomUUID();
let sshd: Sshd | undefined;
const proxies: LinkProxy[] = [];

beforeAll(async () => {
  if (missing === undefined) sshd = await startSshd();
}, 30_000);
afterAll(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await sshd?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The transport over ssh (through `port`: the sshd's, or a proxy's) for `options`. */
const overSsh = (options: Parameters<typeof buildTransportLaunch>[0], port?: number) =>
  commandWrapperTransport({ wrapper: sshd?.ssh(port) ?? [], remoteShell: true, cli: peer, closeTimeoutMs: 1000 })(
    buildTransportLaunch(options),
  );

if (missing !== undefined) {
  describe('CommandWrapperTransport over ssh', () => it.skip(missing, () => {}));
} else {
  transportConformanceSuite(
    'CommandWrapperTransport (ssh to a local sshd, the conformance peer as the CLI)',
    () => overSsh({}),
    {
      faults: {
        async connect(options) {
          const proxy = await startLinkProxy(sshd?.port ?? 0);
          proxies.push(proxy);
          const env = { ...options.env, HEXAGENT_CONFORMANCE_PEER: peerId };
          const transport = overSsh({ ...options, env }, proxy.port);
          return { transport, cut: () => proxy.cut(), silence: () => proxy.freeze() };
        },
        remoteProcesses: () => processesWithEnv(`HEXAGENT_CONFORMANCE_PEER=${peerId}`).length,
      },
    },
  );

  describe('a far side that cannot be reached', () => {
    it("fails start() with the kit's LinkUnreachableError carrying ssh's own words (the version check is the first contact)", async () => {
      // Port 1 on 127.0.0.1: nothing listens there.
      const transport = overSsh({}, 1);
      const error: unknown = await transport.start().catch((caught: unknown) => caught);
      expect(TransportStartError.isInstance(error), String(error)).toBe(true);
      expect(LinkUnreachableError.isInstance(error), String(error)).toBe(true);
      expect((error as Error).message).toMatch(/Connection refused/);
      expect(transport.isOpen).toBe(false);
      await transport.close();
    });
  });
}
