import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { TestScope } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { LAUNCH_FAILED, LAUNCHED_LINE, launchCommand } from './launch-command.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());
const tempDir = (): string => scope.tempDir('hexagent-launch-');

function run(command: ReturnType<typeof launchCommand>, cwd: string) {
  return spawnSync(command.file, command.args, { cwd, encoding: 'utf8' });
}

describe('the launcher', () => {
  it('writes its line, then becomes the command, with its arguments, in the checked directory', () => {
    const dir = tempDir();
    const result = run(
      launchCommand({ file: '/bin/sh', args: ['-c', 'pwd -P; echo "$@"', 'sh', 'a b', 'c'] }, undefined, dir),
      dir,
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${LAUNCHED_LINE}\n${dir}\na b c\n`);
  });

  it('runs nothing when the directory it starts in is not the one checked (a symlink swapped in)', () => {
    const root = tempDir();
    const outside = tempDir();
    mkdirSync(path.join(root, 'work'));
    const checked = path.join(root, 'work');
    renameSync(checked, path.join(root, 'work.real'));
    symlinkSync(outside, checked);
    const result = run(launchCommand({ file: '/bin/echo', args: ['ran'] }, undefined, checked), checked);
    expect(result.status).toBe(LAUNCH_FAILED.cwd);
    expect(result.stdout).toBe('');
  });

  it('refuses a command it cannot find, and a cgroup it cannot join, before its line', () => {
    const dir = tempDir();
    expect(run(launchCommand({ file: path.join(dir, 'missing'), args: [] }, undefined, dir), dir)).toMatchObject({
      status: LAUNCH_FAILED.notFound,
      stdout: '',
    });
    const join = path.join(dir, 'no-such-cgroup', 'cgroup.procs');
    expect(run(launchCommand({ file: '/bin/echo', args: [] }, join, dir), dir)).toMatchObject({
      status: LAUNCH_FAILED.cgroup,
      stdout: '',
    });
  });
});
