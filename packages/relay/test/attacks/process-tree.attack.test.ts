/**
 * Attack (and crash): leaving processes running on the relay's host after the connection ends. The
 * CLI's Bash tool runs each command in a session of its own, outside the CLI's process group; here
 * the stand-in does the same (a child `detached`, so `setsid`), then the connection ends in every
 * way it can: the link drops, the CLI is SIGKILLed, the CLI exits, the relay is SIGKILLed. Each
 * runs with the relay tracking the tree by a cgroup (where this machine lets it) and through /proc.
 * The real CLI's Bash tool is attacked in `test/e2e/attacks-real-cli.test.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { webSocketTransport } from '@hexagent/transport-websocket';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cgroupV2Available } from '../../src/process-tree/cgroup-v2.js';
import { killEach } from '../helpers/processes.js';
import { isAlive, makeTempDir, removeTempDirs, standInCli, TOKEN } from '../helpers/relay-fixture.js';
import { startRelayProcess, stopRelayProcess } from '../helpers/relay-process.js';

const leftovers = new Set<number>();
const relays: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map(stopRelayProcess));
  killEach(leftovers);
  leftovers.clear();
});
afterAll(removeTempDirs);

const cli = standInCli({ echo: ['echo'], stepsFromInput: true });

/** A child in a session of its own that runs until killed, as the CLI's Bash tool starts a command. */
const SPAWN_DETACHED = `
const { spawn } = await import('node:child_process');
const child = spawn('sleep', ['1000'], { detached: true, stdio: 'ignore' });
child.unref();
cli.send({ type: 'spawned', pids: [child.pid] });`;

/** Worse: a grandchild with an empty environment, in a session of its own, whose parent has exited. */
function spawnEscapist(dir: string): string {
  const file = path.join(dir, `escapist-${Date.now()}`);
  return `
const { spawn } = await import('node:child_process');
const { existsSync, readFileSync } = await import('node:fs');
spawn('/usr/bin/env', ['-i', '/bin/sh', '-c', 'sleep 1000 & echo $! > ${file}'], { detached: true, stdio: 'ignore' }).unref();
while (!existsSync('${file}') || readFileSync('${file}', 'utf8').trim() === '') await new Promise((r) => setTimeout(r, 10));
cli.send({ type: 'spawned', pids: [Number(readFileSync('${file}', 'utf8'))] });`;
}

const modes = [
  ['cgroup', cgroupV2Available()],
  ['proc', true],
] as const;

for (const [mode, available] of modes) {
  describe.runIf(available)(`attack: processes outliving the connection (tracking: ${mode})`, () => {
    async function running(code: string) {
      const { relay, url } = await startRelayProcess({ cliPath: cli, processTracking: mode, killTimeoutMs: 1000 });
      relays.push(relay);
      if (relay.pid !== undefined) leftovers.add(relay.pid);
      const transport = webSocketTransport({ url, token: TOKEN })(buildTransportLaunch({}));
      await transport.start();
      const cliPid = transport.remotePid ?? -1;
      leftovers.add(cliPid);
      const messages = transport.messages()[Symbol.asyncIterator]();
      await transport.send({ type: 'stand_in', steps: [{ code }] } as never);
      let spawned: number[] = [];
      for (;;) {
        const next = await messages.next();
        if (next.done === true) throw new Error('the stream ended before the spawn');
        if (next.value.type === 'spawned') {
          spawned = (next.value as unknown as { pids: number[] }).pids;
          break;
        }
      }
      for (const pid of spawned) leftovers.add(pid);
      expect(spawned.every(isAlive)).toBe(true);
      return { relay, transport, cliPid, spawned, drain: () => messages.return?.() };
    }

    const gone = (pids: number[]) => expect.poll(() => pids.filter(isAlive), { timeout: 8000 }).toEqual([]);

    it('the link drops: the child in its own session is gone', async () => {
      const { transport, cliPid, spawned } = await running(SPAWN_DETACHED);
      await transport.close(); // ends the link (and the CLI's input) from the client's side
      await gone([cliPid, ...spawned]);
    });

    it('the CLI is SIGKILLed mid-tool: the child in its own session is gone', async () => {
      const { transport, cliPid, spawned } = await running(SPAWN_DETACHED);
      process.kill(cliPid, 'SIGKILL');
      await gone([cliPid, ...spawned]);
      await transport.close();
    });

    it('the CLI exits on its own, leaving a child behind: the child is gone', async () => {
      const { transport, cliPid, spawned } = await running(SPAWN_DETACHED);
      await transport.send({ type: 'stand_in', steps: [{ exit: 0 }] } as never);
      await gone([cliPid, ...spawned]);
      await transport.close();
    });

    it('the relay is SIGKILLed: its guard stops the CLI and the child in its own session', async () => {
      const { relay, transport, cliPid, spawned } = await running(SPAWN_DETACHED);
      relay.kill('SIGKILL');
      await gone([cliPid, ...spawned]);
      await transport.close().catch(() => {});
    });

    it.runIf(mode === 'cgroup')(
      'a grandchild with an empty environment, in its own session, its parent gone: the cgroup still holds it',
      async () => {
        const { transport, cliPid, spawned } = await running(spawnEscapist(makeTempDir()));
        // No marker to find it by: only the cgroup knows it.
        expect(readFileSync(`/proc/${spawned[0]}/environ`, 'utf8')).not.toContain('HEXAGENT_PROCESS_TREE');
        process.kill(cliPid, 'SIGKILL');
        await gone([cliPid, ...spawned]);
        await transport.close();
      },
    );
  });
}
