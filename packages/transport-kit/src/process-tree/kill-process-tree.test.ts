import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessTree, killProcessTree } from './kill-process-tree.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * A "CLI" leading its own group, with a child in a session of its own (as the Bash tool starts a
 * command) that starts two more: one with the CLI's environment (its marker), and one with none,
 * in a process group of its own (bash's job control), whose parent is gone: only its session ties it
 * to the tree.
 */
function tree(marker: string): Promise<{ root: number; pids: number[] }> {
  const script = `
const { spawn } = require('node:child_process');
const orphan = 'env -i /bin/bash -c "set -m; sleep 303 > /dev/null 2>&1 & echo \\\\$!"';
const inner = spawn('/bin/sh', ['-c', 'sleep 300 & a=$!; b=$(' + orphan + '); echo $a $b; exec sleep 301'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
inner.stdout.once('data', (d) => process.stdout.write(inner.pid + ' ' + String(d).trim() + '\\n'));
setInterval(() => {}, 1e9);`;
  const [name, value] = marker.split('=') as [string, string];
  const root = spawn(process.execPath, ['-e', script], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, [name]: value },
  });
  started.push(root.pid as number);
  return new Promise((resolve) => {
    root.stdout.once('data', (data: Buffer) => {
      const pids = String(data).trim().split(' ').map(Number);
      started.push(...pids);
      resolve({ root: root.pid as number, pids: [root.pid as number, ...pids] });
    });
  });
}

describe.runIf(existsSync('/proc/self/stat') && existsSync('/bin/bash'))('the process tree through /proc', () => {
  it('finds the CLI, its children in sessions of their own, and what carries its marker; kills them all', async () => {
    const marker = `HEXAGENT_PROCESS_TREE=test${process.pid}.${Date.now()}`;
    const { root, pids } = await tree(marker);
    expect(findProcessTree(root, marker).sort()).toEqual([...pids].sort());
    expect(readFileSync(`/proc/${pids[3]}/environ`, 'utf8')).not.toContain(marker);
    expect(
      readFileSync(`/proc/${pids[3]}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ')[1],
    ).not.toBe(String(pids[1]));
    // Another tree's marker finds none of them.
    expect(findProcessTree(undefined, `${marker}x`)).toEqual([]);
    expect(await killProcessTree(root, marker)).toEqual([]);
    await expect.poll(() => pids.filter(alive)).toEqual([]);
  });

  it('finds what is left once the CLI itself is gone (its children reparented)', async () => {
    const marker = `HEXAGENT_PROCESS_TREE=test${process.pid}.${Date.now()}b`;
    const { root, pids } = await tree(marker);
    process.kill(root, 'SIGKILL');
    await expect.poll(() => alive(root)).toBe(false);
    const left = pids.filter((pid) => pid !== root);
    // The one with no environment is found by its session, led by another that carries the marker.
    expect(findProcessTree(root, marker).sort()).toEqual(left.sort());
    expect(await killProcessTree(root, marker)).toEqual([]);
    await expect.poll(() => left.filter(alive)).toEqual([]);
  });
});
