import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cgroupPopulated,
  cgroupV2Available,
  killCgroup,
  makeCgroup,
  ownCgroupV2Dir,
  removeCgroup,
} from './cgroup-v2.js';
import { launchCommand } from './launch-command.js';

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) {
    killCgroup(dir);
    await removeCgroup(dir, 2000);
  }
});

describe.runIf(cgroupV2Available())('a cgroup v2 of its own (where this machine allows one)', () => {
  it('holds what the launcher starts, new sessions and emptied environments included; one write kills it all', async () => {
    const dir = path.join(ownCgroupV2Dir() as string, `hexagent-test-${process.pid}-${Date.now()}`);
    makeCgroup(dir);
    made.push(dir);
    const command = launchCommand(
      { file: '/bin/sh', args: ['-c', 'setsid env -i /bin/sh -c "sleep 300 & sleep 301" & exec sleep 302'] },
      path.join(dir, 'cgroup.procs'),
      process.cwd(),
    );
    const child = spawn(command.file, command.args, { stdio: 'ignore' });
    const pids = () => readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
    await expect.poll(() => pids().length).toBeGreaterThanOrEqual(4);
    expect(cgroupPopulated(dir)).toBe(true);
    killCgroup(dir);
    await new Promise((resolve) => child.once('exit', resolve));
    await expect.poll(() => cgroupPopulated(dir)).toBe(false);
    expect(await removeCgroup(dir, 2000)).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });
});
