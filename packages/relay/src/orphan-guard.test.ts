import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { OrphanGuard } from './orphan-guard.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
});

/** A process group of its own (a leader `sh` and its `sleep` child), as the relay starts a CLI. */
function group(): number {
  const child = spawn('/bin/sh', ['-c', 'sleep 300 & wait'], { detached: true, stdio: 'ignore' });
  child.unref();
  started.push(child.pid as number);
  return child.pid as number;
}

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('OrphanGuard', () => {
  it('when its input ends it kills the groups still listed, and only those', async () => {
    const guard = new OrphanGuard({ graceSeconds: 1 });
    const kept = group();
    const listed = group();
    guard.add(kept);
    guard.add(listed);
    guard.remove(kept);
    await sleep(200);
    guard.close();
    for (let i = 0; i < 60 && alive(listed); i++) await sleep(50);
    expect(alive(listed)).toBe(false);
    expect(alive(kept)).toBe(true);
    // After its grace period (the SIGKILL round) the guard itself exits.
    for (let i = 0; i < 60 && alive(guard.pid as number); i++) await sleep(50);
    expect(alive(guard.pid as number)).toBe(false);
  });

  it('escalates to SIGKILL for a group that ignores SIGTERM', async () => {
    const guard = new OrphanGuard({ graceSeconds: 1 });
    const child = spawn('/bin/sh', ['-c', "trap '' TERM; while :; do sleep 1; done"], {
      detached: true,
      stdio: 'ignore',
    });
    child.unref();
    started.push(child.pid as number);
    guard.add(child.pid);
    await sleep(200);
    guard.close();
    await sleep(500);
    expect(alive(child.pid as number)).toBe(true);
    for (let i = 0; i < 60 && alive(child.pid as number); i++) await sleep(50);
    expect(alive(child.pid as number)).toBe(false);
  });
});
