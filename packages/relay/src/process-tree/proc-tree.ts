import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** One live process as /proc describes it. */
interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
}

/**
 * The processes of a CLI's tree, found through /proc (Linux): the CLI `root` (if it still runs),
 * every process whose environment holds `marker` (`NAME=value`, inherited from the CLI unless a
 * process cleared its environment), and, repeatedly, every process whose parent is one of them or
 * whose process group or session one of them leads (sessions included: the CLI's Bash tool starts
 * each command in a new one). `root` counts as a leader even once gone: its group and session keep
 * its pid as their id. Never this process, nor pid 1. Zombies are left out (they are already dead).
 */
export function findProcessTree(root: number | undefined, marker: string): number[] {
  const entries = readProcEntries();
  const members = new Set<number>();
  const leaders = new Set<number>(root === undefined ? [] : [root]);
  const add = (entry: ProcEntry): void => {
    members.add(entry.pid);
    leaders.add(entry.pid);
  };
  for (const entry of entries) {
    if (entry.pid === root || hasMarker(entry.pid, marker)) add(entry);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const entry of entries) {
      if (members.has(entry.pid)) continue;
      if (members.has(entry.ppid) || leaders.has(entry.pgid) || leaders.has(entry.sid)) {
        add(entry);
        changed = true;
      }
    }
  }
  return [...members];
}

/**
 * SIGKILLs the tree of {@link findProcessTree} until none of it is left (a process forking as it is
 * killed may add one more), at most `rounds` times. True once nothing is left.
 */
export async function killProcessTree(root: number | undefined, marker: string, rounds = 50): Promise<boolean> {
  for (let round = 0; round < rounds; round++) {
    const tree = findProcessTree(root, marker);
    if (tree.length === 0) return true;
    for (const pid of tree) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await sleep(round === 0 ? 0 : 10);
  }
  return findProcessTree(root, marker).length === 0;
}

function readProcEntries(): ProcEntry[] {
  const entries: ProcEntry[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return entries;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid || pid === 1) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') continue;
    entries.push({ pid, ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]) });
  }
  return entries;
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
  } catch {
    return false;
  }
}
