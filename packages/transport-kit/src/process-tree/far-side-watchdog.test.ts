/**
 * The far side's watchdog with real processes (Linux, through /proc): the process that started it
 * (sshd's session, here a shell) is SIGKILLed, or the CLI exits; what the CLI started, a process in
 * a session of its own included, must not run on.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FAR_SIDE_RUN_MARKER, farSideWatchdog } from './far-side-watchdog.js';

/** The live processes carrying `entry` in their environment. */
function carrying(entry: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (/\) [ZX] /.test(readFileSync(`/proc/${name}/stat`, 'utf8'))) continue;
      if (readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(entry)) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

const markers: string[] = [];
afterEach(() => {
  for (const marker of markers.splice(0)) for (const pid of carrying(marker)) process.kill(pid, 'SIGKILL');
});

function run(): { runId: string; marker: string } {
  const runId = randomUUID();
  const marker = `${FAR_SIDE_RUN_MARKER}=${runId}`;
  markers.push(marker);
  return { runId, marker };
}

describe.runIf(existsSync('/proc/self/environ') && existsSync('/usr/bin/setsid'))('farSideWatchdog', () => {
  it('the process that started it is SIGKILLed (a dropped link): the CLI and what it started are stopped', async () => {
    const { runId, marker } = run();
    const cli = ['sh', '-c', `setsid sleep 3120 & exec sleep 3121`];
    const session = spawn('/bin/sh', ['-c', '"$@" & wait', 'session', ...farSideWatchdog(runId, cli)], {
      stdio: 'ignore',
    });
    await expect.poll(() => carrying(marker).length, { timeout: 10_000, interval: 20 }).toBe(2);
    session.kill('SIGKILL');
    // The watchdog looks at its parent once a second; the bound is a hang detector.
    await expect.poll(() => carrying(marker), { timeout: 10_000, interval: 50 }).toEqual([]);
  });

  it('the CLI exits: what it left behind is stopped, and the watchdog ends with its status', async () => {
    const { runId, marker } = run();
    const watchdog = farSideWatchdog(runId, ['sh', '-c', 'setsid sleep 3122 & sleep 0.2; exit 7']);
    const child = spawn(watchdog[0] as string, watchdog.slice(1), { stdio: 'ignore' });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(7);
    expect(carrying(marker)).toEqual([]);
  });

  it('refuses a run id that could reach into the script', () => {
    expect(() => farSideWatchdog('x"; rm -rf /', ['claude'])).toThrow(TypeError);
  });
});
