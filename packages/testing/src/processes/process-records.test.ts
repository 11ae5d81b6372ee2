import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isRunning } from './process-records.js';

describe('isRunning', () => {
  it('is true for a running process and false once it has exited and been reaped', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const pid = child.pid as number;
    try {
      expect(isRunning(process.pid)).toBe(true);
      expect(isRunning(pid)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    expect(isRunning(pid)).toBe(false);
  });
});
