import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRelayRuntimeDir, removeRelayRuntimeDir, sweepRelayRuntimeDirs } from './relay-runtime-dir.js';

let tmp: string;
let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TMPDIR;
  tmp = mkdtempSync(path.join(tmpdir(), 'hexagent-relay-runtime-'));
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
  rmSync(tmp, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('the relay runtime directory', () => {
  it('is private and named after this process; a sweep removes only those of relays that are gone', () => {
    const own = makeRelayRuntimeDir();
    expect(path.dirname(own)).toBe(tmp);
    expect(path.basename(own)).toMatch(new RegExp(`^hexagent-relay-${process.pid}-\\d+-[0-9a-f]{12}$`));
    // A relay that exited, and one whose pid now belongs to another process (another start time).
    const gone = spawnSync('true').pid;
    const deadDir = path.join(tmp, `hexagent-relay-${gone}-123-${'a'.repeat(12)}`);
    const reusedDir = path.join(tmp, `hexagent-relay-${process.pid}-1-${'b'.repeat(12)}`);
    const unrelated = path.join(tmp, 'hexagent-relay-notes');
    for (const dir of [deadDir, reusedDir, unrelated]) mkdirSync(path.join(dir, 'resume'), { recursive: true });
    expect(sweepRelayRuntimeDirs().sort()).toEqual([deadDir, reusedDir].sort());
    expect(readdirSync(tmp).sort()).toEqual([path.basename(own), 'hexagent-relay-notes'].sort());
    removeRelayRuntimeDir(own);
    expect(existsSync(own)).toBe(false);
  });
});
