/**
 * Flow control from the client to the CLI: a CLI that stops reading its stdin stalls the relay's
 * writes to it, the relay stops reading the socket, and the client's sends stop completing, so
 * what the client sends waits on the client's side instead of in the relay's memory. The relay
 * runs in a process of its own here, so its memory can be measured apart from the client's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestScope } from '@hexagent/testing';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirs, standInCli, TOKEN } from './helpers/relay-fixture.js';
import { residentMiB, startRelayProcess, stopRelayProcess } from './helpers/relay-process.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());
afterAll(removeTempDirs);

const MiB = 1024 * 1024;
/**
 * The heartbeat of both sides. Short against the stall below (held for HOLD_MS), long enough that a
 * process starved of CPU for a few hundred milliseconds on a busy machine is not a dead link.
 */
const HEARTBEAT_MS = 2000;
/** How long the sends must stay stalled: several heartbeats, so flow control is shown not to look like a dead link. */
const HOLD_MS = 3 * HEARTBEAT_MS + 500;

describe('a CLI that does not read its input', () => {
  it("stalls the client's sends (the relay pauses the socket and holds a bounded amount), for longer than the heartbeats; all frames arrive in order once it reads", async () => {
    const go = path.join(makeTempDir(), 'go');
    const cli = standInCli({ echo: true, onStart: [{ pauseInputUntilFile: go }] });
    // Heartbeats far shorter than the stall: flow control must not look like a dead link to either side.
    const { relay, url } = await startRelayProcess({ cliPath: cli, heartbeatIntervalMs: HEARTBEAT_MS });
    scope.defer(() => stopRelayProcess(relay));
    const transport = webSocketTransport({ url, token: TOKEN, heartbeatIntervalMs: HEARTBEAT_MS })(
      buildTransportLaunch({}),
    );
    await transport.start();
    const relayPid = relay.pid as number;
    const baselineMiB = residentMiB(relayPid);

    // 64 frames of 512 KiB, none awaited before the next: far more than the pipe, the relay and the
    // kernel's socket buffers between them hold (about 5 MiB here).
    const count = 64;
    const frameBytes = MiB / 2;
    const pad = 'x'.repeat(frameBytes);
    let sent = 0;
    let progressed: () => void = () => {};
    const failures: unknown[] = [];
    const sends = Array.from({ length: count }, (_, i) =>
      transport.send({ type: 'echo', i, pad } as never).then(
        () => {
          sent++;
          progressed();
        },
        (error: unknown) => {
          failures.push(error);
        },
      ),
    );
    const nextSend = () =>
      new Promise<boolean>((resolve) => {
        progressed = () => resolve(true);
      });

    // The stall: no send completes for HOLD_MS. Each completion restarts the wait, so a machine too
    // busy to move the frames quickly delays the stall instead of faking one; the CLI never reads,
    // so a real stall lasts as long as the test waits.
    const deadline = Date.now() + 60_000;
    let stalledAt = -1;
    while (stalledAt === -1 && sent < count && failures.length === 0 && Date.now() < deadline) {
      const before = sent;
      const quiet = sleep(HOLD_MS).then(() => false);
      const moved = await Promise.race([nextSend(), quiet]);
      if (!moved && sent === before) stalledAt = sent;
    }
    expect(failures).toEqual([]);
    expect(stalledAt).toBeGreaterThanOrEqual(0);
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
    expect(failures).toEqual([]);
    expect(sent).toBe(count);
    expect(next).toBe(count);
    expect(intact).toBe(true);
    await transport.close();
  }, 90_000);
});
