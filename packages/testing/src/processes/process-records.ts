import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc (Linux) shows it, with its start time, so that a reused pid is not taken for it. */
export interface ProcessRecord {
  pid: number;
  /** Field 22 of `/proc/<pid>/stat`: when the process started, in clock ticks since boot. */
  start: string;
  /** Its command line, arguments joined with spaces (for messages). */
  command: string;
}

/** The record of live process `pid`, or undefined when it is gone or only its zombie is left. */
export function processRecord(pid: number): ProcessRecord | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, start: fields[19] ?? '', command };
  } catch {
    return undefined;
  }
}

/**
 * True while process `pid` runs: it exists and is not a zombie waiting for its parent to reap it.
 * For a child of this process whose exit the code under test must have waited for, see `processExists`.
 */
export function isRunning(pid: number): boolean {
  return processRecord(pid) !== undefined;
}

/** Every live process whose environment holds `entry` (`NAME=value`, exactly), this one left out. */
export function processesWithEnv(entry: string): ProcessRecord[] {
  const found: ProcessRecord[] = [];
  for (const pid of allPids()) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)) continue;
    } catch {
      continue;
    }
    const record = processRecord(pid);
    if (record !== undefined) found.push(record);
  }
  return found;
}

/** Process `root` (if it runs) and every live process descended from it, from /proc. */
export function processTree(root: number): ProcessRecord[] {
  const parents = new Map<number, number[]>();
  for (const pid of allPids()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), pid]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: ProcessRecord[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const record = processRecord(pid);
    if (record !== undefined) found.push(record);
    queue.push(...(parents.get(pid) ?? []));
  }
  return found;
}

/** The records whose process still runs: the same pid with the same start time, and not a zombie. */
export function stillRunning(records: readonly ProcessRecord[]): ProcessRecord[] {
  return records.filter((record) => processRecord(record.pid)?.start === record.start);
}

/** SIGKILLs each process of `records` that still runs (a test's cleanup: a failed test leaves nothing). */
export function killRecords(records: readonly ProcessRecord[]): void {
  for (const record of stillRunning(records)) {
    try {
      process.kill(record.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

function allPids(): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid).map(Number);
}
