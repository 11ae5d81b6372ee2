import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { killProcesses, waitUntilGone } from './kill-processes.js';

describe('killProcesses and waitUntilGone', () => {
  it('a killed child is gone (reaped) when waitUntilGone resolves; a pid that does not exist is not waited for', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const pid = child.pid as number;
    expect(killProcesses([pid, pid])).toBe(1);
    expect(await waitUntilGone([pid], 5_000)).toEqual([]);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(await waitUntilGone([2 ** 22 + 1], 5_000)).toEqual([]);
  });

  it('gives up after its budget and names what is left', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    await once(child, 'spawn');
    try {
      expect(await waitUntilGone([child.pid as number], 50)).toEqual([child.pid]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
