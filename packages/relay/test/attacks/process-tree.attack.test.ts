/**
 * Attack (and crash): leaving processes running on the relay's host after the connection ends. The
 * CLI's Bash tool runs each command in a session of its own, outside the CLI's process group; here
 * the stand-in does the same (a child `detached`, so `setsid`), then the connection ends in every
 * way it can: the link drops, the CLI is SIGKILLed, the CLI exits, the relay is SIGKILLed. Each
 * runs with the relay tracking the tree by a cgroup (where this machine lets it) and through /proc.
 * The real CLI's Bash tool is attacked in `test/e2e/attacks-real-cli.test.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
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

/** A cgroup v1 freezer, where this machine mounts one (a frozen task dies only once thawed). */
const FREEZER = '/sys/fs/cgroup/freezer';

const modes = [
  ['cgroup', cgroupV2Available()],
  ['proc', true],
] as const;

for (const [mode, available] of modes) {
  describe.runIf(available)(`attack: processes outliving the connection (tracking: ${mode})`, () => {
    async function running(code: string, onStarted?: (stderr: () => string) => void) {
      const { relay, url, stderr, banner } = await startRelayProcess({
        cliPath: cli,
        processTracking: mode,
        killTimeoutMs: 1000,
      });
      relays.push(relay);
      // The relay says at start how it tracks the trees.
      expect(banner).toContain(`(process tracking: ${mode})`);
      onStarted?.(stderr);
      if (relay.pid !== undefined) leftovers.add(relay.pid);
      const transport = webSocketTransport({ url, token: TOKEN })(buildTransportLaunch({}));
      await transport.start();
      const cliPid = transport.remotePid ?? -1;
      leftovers.add(cliPid);
      const messages = transport.messages()[Symbol.asyncIterator]();
      await transport.send({ type: 'stand_in', steps: [{ code }] } as never);
      let spawned: number[] = [];
      let report: Record<string, unknown> = {};
      for (;;) {
        const next = await messages.next();
        if (next.done === true) throw new Error('the stream ended before the spawn');
        if (next.value.type === 'spawned') {
          report = next.value as unknown as Record<string, unknown>;
          spawned = report.pids as number[];
          break;
        }
      }
      for (const pid of spawned) leftovers.add(pid);
      expect(spawned.every(isAlive)).toBe(true);
      return { relay, transport, cliPid, spawned, report, drain: () => messages.return?.() };
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

    for (const [what, newSession] of [['each in a session of its own', true]] as const) {
      it(`a chain of processes that each start the next and exit, ${what}: killed, or the failure reported`, async () => {
        const dir = makeTempDir();
        const beat = path.join(dir, 'beat');
        const chain = path.join(dir, 'chain');
        // Each link starts the next at once (in a new session, or not), notes it ran and exits: it
        // lives a millisecond or two, mostly after its successor began. Only shell builtins besides
        // the fork, so nothing slows it; the chain ends by itself 8 s on (uptime, read by a builtin).
        writeFileSync(
          chain,
          `#!/bin/sh\nread up rest < /proc/uptime\n[ "\${up%.*}" -lt "$1" ] || exit 0\n${newSession ? 'setsid ' : ''}"$0" "$1" &\necho >> ${beat}\n`,
          { mode: 0o755 },
        );
        const deadline = Math.floor(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0])) + 8;
        let relayStderr: () => string = () => '';
        const { transport } = await running(
          `const { spawn } = await import('node:child_process');
spawn(${JSON.stringify(chain)}, ['${deadline}'], { detached: true, stdio: 'ignore' }).unref();
cli.send({ type: 'spawned', pids: [] });`,
          (stderr) => {
            relayStderr = stderr;
          },
        );
        const size = () => (existsSync(beat) ? statSync(beat).size : 0);
        const runs = async () => {
          const before = size();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return size() > before;
        };
        expect(await runs(), 'the chain runs').toBe(true);
        await transport.close();
        const reported = () => /containment failed: .*\(proc tracking\)/.test(relayStderr());
        // Within the kill budget (1 s) and a margin: the chain is gone, or the relay said it could not stop it.
        await expect.poll(async () => !(await runs()) || reported(), { timeout: 6000 }).toBe(true);
        if (mode === 'cgroup') expect(await runs(), 'the chain outlived the kill').toBe(false);
        console.log(`[relay attack] a fork-and-exit chain ${what} (${mode}): ${reported() ? 'reported' : 'killed'}`);
        // Let a chain that got away end on its own before the next test.
        while (await runs()) await new Promise((resolve) => setTimeout(resolve, 200));
      }, 30_000);
    }

    it.runIf(mode === 'proc' && existsSync(FREEZER))(
      'a process of the tree that does not die when killed: the relay says containment failed',
      async () => {
        let relayStderr: () => string = () => '';
        const { transport, report } = await running(
          `cli.send({ type: 'spawned', pids: [], marker: process.env.HEXAGENT_PROCESS_TREE });`,
          (stderr) => {
            relayStderr = stderr;
          },
        );
        // A process carrying the CLI's marker, frozen by a cgroup v1 freezer: a SIGKILL stays
        // pending until it is thawed, as a process forking faster than the scans stays ahead of them.
        const frozen = spawn('sleep', ['30'], {
          env: { ...process.env, HEXAGENT_PROCESS_TREE: String(report.marker) },
          stdio: 'ignore',
        });
        leftovers.add(frozen.pid as number);
        const cgroup = path.join(FREEZER, `hexagent-test-${process.pid}-${Date.now()}`);
        mkdirSync(cgroup);
        try {
          writeFileSync(path.join(cgroup, 'tasks'), String(frozen.pid));
          writeFileSync(path.join(cgroup, 'freezer.state'), 'FROZEN');
          await expect.poll(() => readFileSync(path.join(cgroup, 'freezer.state'), 'utf8').trim()).toBe('FROZEN');
          await transport.close();
          await expect
            .poll(relayStderr, { timeout: 10_000 })
            .toMatch(
              new RegExp(
                `containment failed: 1 process\\(es\\) of the tree of CLI \\d+ still run after the kill \\(proc tracking\\): ${frozen.pid}`,
              ),
            );
        } finally {
          writeFileSync(path.join(cgroup, 'freezer.state'), 'THAWED');
          await gone([frozen.pid as number]);
          rmdirSync(cgroup);
        }
      },
    );

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
