import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopChildProcess } from './stop-child-process.js';

/** A child running `script` (sh), with what ended it. */
function child(script: string) {
  const process = spawn('/bin/sh', ['-c', script], { stdio: ['pipe', 'ignore', 'ignore'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    process.once('close', (_code, signal) => resolve(signal)),
  );
  return { process, exited };
}

describe('stopChildProcess', () => {
  it('a child that exits at the end of its input gets no signal', async () => {
    const { process, exited } = child('cat > /dev/null');
    expect(await stopChildProcess(process, exited, 5000)).toBe(true);
    expect(await exited).toBeNull();
  });

  it('a child that ignores its input gets SIGTERM; one that ignores SIGTERM too gets SIGKILL', async () => {
    const polite = child('exec sleep 3130');
    expect(await stopChildProcess(polite.process, polite.exited, 200)).toBe(true);
    expect(await polite.exited).toBe('SIGTERM');
    const stubborn = child("trap '' TERM; while :; do sleep 0.05; done");
    expect(await stopChildProcess(stubborn.process, stubborn.exited, 200)).toBe(true);
    expect(await stubborn.exited).toBe('SIGKILL');
  });

  it('a child already gone: true at once', async () => {
    const { process, exited } = child('exit 0');
    await exited;
    expect(await stopChildProcess(process, exited, 5000)).toBe(true);
  });
});
