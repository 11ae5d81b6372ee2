import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { killProcesses } from '../src/kill-processes.js';
import { measureProcessTrees } from '../src/process-tree-memory.js';

/** Alive: listed in /proc and not a zombie (an orphan is reaped by pid 1, which in a container may never do it). */
function alive(pid: number | undefined): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.runIf(existsSync('/proc/self/status'))('measureProcessTrees (procfs)', () => {
  it('sums VmRSS over a process and its descendants; a gone root is left out; killProcesses ends them', async () => {
    // A shell whose child sleeps: a tree of two.
    const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    const root = child.pid as number;
    // The shell starts its child on its own schedule: wait until the tree shows it.
    const tree = await vi.waitFor(
      async () => {
        const found = (await measureProcessTrees([root])).get(root);
        expect(found?.pids.length).toBe(2);
        return found;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(tree?.pids[0]).toBe(root);
    expect(tree?.pids.length).toBe(2);
    expect(tree?.rssMb).toBeGreaterThan(0.1);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    expect(killProcesses(tree?.pids ?? [])).toBe(2);
    await exited;
    // The killed grandchild is reaped by init on its own schedule.
    await vi.waitFor(
      async () => {
        expect((await measureProcessTrees([root])).has(root)).toBe(false);
        expect(alive(tree?.pids[1])).toBe(false);
      },
      { timeout: 10_000, interval: 20 },
    );
  });

  it('finds descendants at every depth (a grandchild under a child shell)', async () => {
    const child = spawn('sh', ['-c', 'sh -c "sleep 30 & wait" & wait'], { stdio: 'ignore' });
    const root = child.pid as number;
    const tree = await vi.waitFor(
      async () => {
        const found = (await measureProcessTrees([root])).get(root);
        expect(found?.pids.length).toBe(3);
        return found;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(tree?.pids.length).toBe(3);
    expect(tree?.pids[0]).toBe(root);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killProcesses(tree?.pids ?? []);
    await exited;
  });
});
