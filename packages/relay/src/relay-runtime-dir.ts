import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'hexagent-relay-';

/**
 * The relay's own directory for what it writes on behalf of its connections (the config
 * directories of resumed sessions, with a copy of the CLI's credentials and the client's
 * transcripts): `<tmpdir>/hexagent-relay-<pid>-<start>-<random>`, mode 0700, named after the
 * relay's process (its pid and its start time, so a reused pid is told apart). The relay removes it
 * when it closes, its guardian (the kit's `ProcessGuardian`) when the relay dies without closing, and the next relay to start
 * (any relay of this user) when both died at once: see {@link sweepRelayRuntimeDirs}.
 */
export function makeRelayRuntimeDir(): string {
  const dir = path.join(
    tmpdir(),
    `${PREFIX}${process.pid}-${startTimeOf(process.pid) ?? 0}-${randomBytes(6).toString('hex')}`,
  );
  mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** Removes a directory of {@link makeRelayRuntimeDir}; never throws. */
export function removeRelayRuntimeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Removes the runtime directories (in this process's `tmpdir`, owned by this user) of relays that
 * are gone: no process of that pid runs, or one with another start time (Linux; elsewhere, the pid
 * alone). What a relay SIGKILLed together with its guard left behind.
 *
 * @returns the directories removed.
 */
export function sweepRelayRuntimeDirs(): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return removed;
  }
  for (const name of names) {
    const match = /^hexagent-relay-(\d+)-(\d+)-[0-9a-f]{12}$/.exec(name);
    if (match === null) continue;
    const dir = path.join(tmpdir(), name);
    try {
      const stat = lstatSync(dir);
      if (!stat.isDirectory() || stat.uid !== process.getuid?.()) continue;
    } catch {
      continue;
    }
    if (isRunning(Number(match[1]), Number(match[2]))) continue;
    removeRelayRuntimeDir(dir);
    removed.push(dir);
  }
  return removed;
}

function isRunning(pid: number, startTime: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const now = startTimeOf(pid);
  return now === undefined || startTime === 0 || now === startTime;
}

/** A process's start time (clock ticks after boot, from /proc), or `undefined` where there is no /proc. */
function startTimeOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return undefined;
  }
}
