/**
 * Flow control from the client to the CLI: a CLI that stops reading its stdin stalls the relay's
 * writes to it, the relay stops reading the socket, and the client's sends stop completing, so
 * what the client sends waits on the client's side instead of in the relay's memory. The relay
 * runs in a process of its own here, so its memory can be measured apart from the client's.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs, standInCli, TOKEN } from './helpers/relay-fixture.js';
import { residentMiB, startRelayProcess, stopRelayProcess } from './helpers/relay-process.js';

const relays: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map(stopRelayProcess));
});
afterAll(removeTempDirs);

const MiB = 1024 * 1024;

describe('a CLI that does not read its input', () => {
  it("stalls the client's sends (the relay pauses the socket and holds a bounded amount), for longer than the heartbeats; all frames arrive in order once it reads", async () => {
    const go = path.join(makeTempDir(), 'go');
    const cli = standInCli({ echo: true, onStart: [{ pauseInputUntilFile: go }] });
    // Heartbeats far shorter than the stall: flow control must not look like a dead link to either side.
    const { relay, url } = await startRelayProcess({ cliPath: cli, heartbeatIntervalMs: 200 });
    relays.push(relay);
    const transport = webSocketTransport({ url, token: TOKEN, heartbeatIntervalMs: 200 })(buildTransportLaunch({}));
    await transport.start();
    const relayPid = relay.pid as number;
    const baselineMiB = residentMiB(relayPid);

    // 64 frames of 512 KiB, none awaited before the next: far more than the pipe, the relay and the
    // kernel's socket buffers between them hold (about 5 MiB here).
    const count = 64;
    const frameBytes = MiB / 2;
    const pad = 'x'.repeat(frameBytes);
    let sent = 0;
    const sends = Array.from({ length: count }, (_, i) =>
      transport.send({ type: 'echo', i, pad } as never).then(() => {
        sent++;
      }),
    );

    // Wait until the sends stop completing: the stall.
    let stalledAt = -1;
    for (let i = 0; i < 100 && stalledAt === -1; i++) {
      const before = sent;
      await sleep(300);
      if (sent === before && sent < count) stalledAt = sent;
    }
    expect(stalledAt).toBeGreaterThanOrEqual(0);
    await sleep(500);
    expect(sent).toBe(stalledAt);
    // What left the client is what the kernel's buffers and the relay took: a fraction of the 32 MiB.
    expect(stalledAt).toBeLessThan(count / 2);
    const relayGrowthMiB = residentMiB(relayPid) - baselineMiB;
    expect(relayGrowthMiB).toBeLessThan(24);
    console.log(
      `[relay] CLI not reading: ${stalledAt} of ${count} frames of 512 KiB left the client, relay RSS ${relayGrowthMiB >= 0 ? '+' : ''}${relayGrowthMiB.toFixed(1)} MiB`,
    );

    // The CLI reads again: every frame goes through, and comes back, whole and in order.
    writeFileSync(go, '');
    let next = 0;
    let intact = true;
    for await (const message of transport.messages()) {
      const echoed = message as unknown as { type: string; i: number; pad: string };
      if (echoed.type !== 'echo') continue;
      if (echoed.i !== next || echoed.pad.length !== frameBytes) intact = false;
      next++;
      if (next === count) break;
    }
    await Promise.all(sends);
    expect(sent).toBe(count);
    expect(next).toBe(count);
    expect(intact).toBe(true);
    await transport.close();
  }, 90_000);
});
