import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** This process's group (the relay's, a daemon's): never signalled as a group. */
const OWN_GROUP = ownGroup();

/** One live process as /proc describes it. */
interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
}

/**
 * The processes of a CLI's tree, found through /proc (Linux): what a far side (a relay, a daemon
 * that runs a CLI per connection) stops when a session ends or its link drops. The CLI `root` (if it still runs),
 * every process whose environment holds `marker` (`NAME=value`, inherited from the CLI unless a
 * process cleared its environment), and, repeatedly, every process whose parent is one of them or
 * whose process group or session one of them leads (sessions included: the CLI's Bash tool starts
 * each command in a new one). `root` counts as a leader even once gone: its group and session keep
 * its pid as their id. Never this process, nor pid 1. Zombies are left out (they are already dead).
 *
 * @example
 * ```ts
 * const cli = spawn(claude, args, { detached: true, env: { ...env, HEXAGENT_DAEMON_RUN: runId } });
 * findProcessTree(cli.pid, `HEXAGENT_DAEMON_RUN=${runId}`); // [cli.pid, ...what it started]
 * ```
 */
export function findProcessTree(root: number | undefined, marker: string): number[] {
  return scanTree(root, marker).members.map((entry) => entry.pid);
}

/** The tree of {@link findProcessTree}, and every live process seen in the same scan. */
function scanTree(root: number | undefined, marker: string): { members: ProcEntry[]; entries: ProcEntry[] } {
  const entries = readProcEntries();
  const members = new Map<number, ProcEntry>();
  const leaders = new Set<number>(root === undefined ? [] : [root]);
  const add = (entry: ProcEntry): void => {
    members.set(entry.pid, entry);
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
  return { members: [...members.values()], entries };
}

/**
 * Kills the tree of {@link findProcessTree} until none of it is left, or `budgetMs` has passed.
 * Each round stops every process found (SIGSTOP: a stopped process cannot fork), then SIGKILLs
 * them, and every process group made only of them at once (the kernel signals a whole group
 * atomically, so a chain forking within one group cannot outrun it). A chain of processes that
 * each fork the next in a new session and exit can still outrun the scans; then the budget runs
 * out and the caller is told.
 *
 * @returns the processes still there when it gave up; empty when the tree is gone.
 * @example
 * ```ts
 * socket.once('close', async () => {
 *   const left = await killProcessTree(cli.pid, `HEXAGENT_DAEMON_RUN=${runId}`);
 *   if (left.length > 0) log(`could not stop ${left.join(' ')}`);
 * });
 * ```
 */
export async function killProcessTree(root: number | undefined, marker: string, budgetMs = 3_000): Promise<number[]> {
  const deadline = Date.now() + budgetMs;
  for (let round = 0; ; round++) {
    const { members, entries } = scanTree(root, marker);
    if (members.length === 0) return [];
    if (Date.now() >= deadline) return members.map((entry) => entry.pid);
    for (const entry of members) signal(entry.pid, 'SIGSTOP');
    for (const pgid of groupsOnlyOf(members, entries)) signal(-pgid, 'SIGKILL');
    for (const entry of members) signal(entry.pid, 'SIGKILL');
    await sleep(round === 0 ? 0 : 5);
  }
}

/**
 * The process groups all of whose processes are in `members`: never one holding a process outside
 * the tree (a process of the tree may join any group of its session, the relay's own included).
 */
function groupsOnlyOf(members: readonly ProcEntry[], entries: readonly ProcEntry[]): number[] {
  const inTree = new Set(members.map((entry) => entry.pid));
  const groups = new Set(members.map((entry) => entry.pgid));
  for (const entry of entries) if (!inTree.has(entry.pid)) groups.delete(entry.pgid);
  groups.delete(OWN_GROUP);
  groups.delete(0);
  groups.delete(1);
  return [...groups];
}

function signal(target: number, name: NodeJS.Signals): void {
  try {
    process.kill(target, name);
  } catch {
    // Gone meanwhile.
  }
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

function ownGroup(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return -1;
  }
}
