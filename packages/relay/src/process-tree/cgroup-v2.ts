import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The directory of this process's own cgroup in a mounted cgroup v2 hierarchy (Linux), or
 * `undefined`: no cgroup v2 mount, or this process's cgroup lies outside what is mounted (a
 * container that sees only part of the tree).
 */
export function ownCgroupV2Dir(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  let cgroupPath: string | undefined;
  let mountinfo: string;
  try {
    // "0::<path>": the cgroup v2 line (a hybrid system lists the v1 hierarchies too).
    cgroupPath = /^0::(.*)$/m.exec(readFileSync('/proc/self/cgroup', 'utf8'))?.[1];
    mountinfo = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined;
  }
  if (cgroupPath === undefined) return undefined;
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (after?.split(' ')[0] !== 'cgroup2' || before === undefined) continue;
    const fields = before.split(' ');
    const root = unescapeMountField(fields[3] ?? '');
    const mountPoint = unescapeMountField(fields[4] ?? '');
    const relative = path.posix.relative(root, cgroupPath);
    if (relative.startsWith('..')) continue;
    const dir = path.join(mountPoint, relative);
    if (existsSync(path.join(dir, 'cgroup.procs'))) return dir;
  }
  return undefined;
}

/** mountinfo writes a space, tab, newline and backslash in a path as an octal escape. */
function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

let available: boolean | undefined;

/**
 * True when this process may make cgroups below its own (cgroup v2 mounted, and its cgroup
 * writable: root, or a delegated cgroup such as systemd's `Delegate=yes`). Probed once, by making
 * and removing one.
 */
export function cgroupV2Available(): boolean {
  available ??= probe();
  return available;
}

function probe(): boolean {
  const dir = ownCgroupV2Dir();
  if (dir === undefined) return false;
  const probeDir = path.join(dir, `hexagent-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(probeDir);
  } catch {
    return false;
  }
  try {
    // Without cgroup.kill (Linux < 5.14) the tree could not be killed in one step.
    return existsSync(path.join(probeDir, 'cgroup.kill'));
  } finally {
    try {
      rmdirSync(probeDir);
    } catch {
      // Left behind empty; harmless.
    }
  }
}

/** Makes the cgroup `dir` (its parent must exist). */
export function makeCgroup(dir: string): void {
  mkdirSync(dir);
}

/** Kills every process in the cgroup `dir` and its descendants at once (`cgroup.kill`, Linux 5.14+). */
export function killCgroup(dir: string): void {
  try {
    writeFileSync(path.join(dir, 'cgroup.kill'), '1');
  } catch {
    // Already removed.
  }
}

/** True while a process is left in the cgroup `dir` or below (`cgroup.events`: `populated 1`). */
export function cgroupPopulated(dir: string): boolean {
  try {
    return /^populated 1$/m.test(readFileSync(path.join(dir, 'cgroup.events'), 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Removes the cgroup `dir` once it is empty: waits up to `timeoutMs` for its last process to go (a
 * killed process leaves its cgroup as it exits, before it is reaped), then `rmdir`. False when it
 * could not be removed.
 */
export async function removeCgroup(dir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (cgroupPopulated(dir) && Date.now() < deadline) await sleep(10);
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
