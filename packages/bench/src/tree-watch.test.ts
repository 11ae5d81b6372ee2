import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { descendantsOf, type ProcessEntry } from './process-tree.js';
import { watchProcessTree } from './tree-watch.js';

const run = promisify(execFile);

/** Polls `check` every 20 ms until it holds; fails after `ms` (generous: a busy machine is slow, not wrong). */
async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('descendantsOf', () => {
  it('walks the whole tree under the root, grandchildren included, leaving zombies and strangers out', () => {
    const entry = (pid: number, ppid: number, state = 'S'): ProcessEntry => ({ pid, ppid, startTicks: '1', state });
    const entries = [entry(1, 0), entry(2, 1), entry(3, 2), entry(4, 2, 'Z'), entry(6, 4), entry(5, 0)];
    expect(descendantsOf(1, entries).map((e) => e.pid)).toEqual([2, 3, 6]);
  });
});

describe.skipIf(!existsSync('/proc/self/stat'))('watchProcessTree (procfs)', () => {
  it('counts a child it sampled as left running until it exits, and measures its memory', async () => {
    const watch = watchProcessTree(10);
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid as number;
    try {
      await until(() => watch.peakProcesses >= 1 && watch.peakTotalRssMb > 0);
      expect(watch.leftRunning()).toContain(pid);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await until(() => !watch.leftRunning().includes(pid));
    watch.stop();
  });

  it('finds a grandchild re-parented after its parent exited, by the marker variable alone', async () => {
    // Only the sample taken at creation: the grandchild can be found by its environment, nothing else.
    const watch = watchProcessTree(60_000);
    const script =
      "const c = require('node:child_process').spawn('sleep', ['30'], { detached: true, stdio: 'ignore' }); c.unref(); console.log(c.pid);";
    const { stdout } = await run(process.execPath, ['-e', script], { env: { ...process.env, ...watch.markerEnv } });
    const grandchild = Number(stdout.trim());
    try {
      expect(watch.leftRunning()).toContain(grandchild);
    } finally {
      process.kill(grandchild, 'SIGKILL');
    }
    await until(() => !watch.leftRunning().includes(grandchild));
    watch.stop();
  });
});
