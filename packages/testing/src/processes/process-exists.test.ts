import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../wait-until.js';
import { processExists } from './process-exists.js';
import { isRunning } from './process-records.js';

const stateOf = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
};

const commOf = (pid: number): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
};

describe('processExists', () => {
  it('is true for a running process and false once it has exited and been reaped, or for no pid', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const pid = child.pid as number;
    try {
      expect(processExists(process.pid)).toBe(true);
      expect(processExists(pid)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    expect(processExists(pid)).toBe(false);
    expect(processExists(undefined)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('counts a zombie as existing, where isRunning counts it as gone', async () => {
    // The shell starts a child, then becomes `sleep`, which never reaps. The child is killed only once
    // the shell has become `sleep` (before that, the shell itself could reap it): a zombie until `sleep` goes.
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = once(parent, 'exit');
    try {
      const [line] = (await once(createInterface({ input: parent.stdout }), 'line')) as [string];
      const zombie = Number(line);
      await waitUntil('the shell to have become sleep', () => commOf(parent.pid as number) === 'sleep', {
        timeoutMs: 10_000,
      });
      process.kill(zombie, 'SIGKILL');
      await waitUntil('the unreaped child to be a zombie', () => stateOf(zombie) === 'Z', { timeoutMs: 10_000 });
      expect(processExists(zombie)).toBe(true);
      expect(isRunning(zombie)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
      await exited;
    }
  });
});
