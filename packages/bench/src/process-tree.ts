/**
 * The bench's own view of the processes it starts, from procfs (Linux; elsewhere it sees nothing):
 * the live descendants of a process with their resident memory, and the processes that carry a
 * marker variable in their environment. The pool measures its CLIs itself; this measures them from
 * outside, the same way for a pool and for plain `query()` calls, and finds what outlived them: a
 * grandchild whose CLI died is re-parented (to init or a subreaper), so it is no longer anyone's
 * descendant here, but it still carries the environment it inherited.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { procKb, statFields } from './proc-stat.js';

/** One process as procfs shows it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** The kernel's start time (clock ticks since boot): a pid reused later has another. */
  startTicks: string;
  /** `R`, `S`, `D`, ... `Z` for a zombie (exited, not yet reaped). */
  state: string;
}

/** `pid` and `startTicks`, naming one process for good. */
export type ProcessKey = `${number}@${string}`;

/** The key of `entry`. */
export function processKey(entry: ProcessEntry): ProcessKey {
  return `${entry.pid}@${entry.startTicks}`;
}

/** Every process of the machine this user can see; empty without procfs. */
export function listProcesses(): ProcessEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const entries: ProcessEntry[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const entry = readEntry(pid);
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

function readEntry(pid: number): ProcessEntry | undefined {
  const fields = statFields(pid);
  if (fields === undefined) return undefined;
  const ppid = Number(fields[1]);
  const startTicks = fields[19];
  if (!Number.isInteger(ppid) || startTicks === undefined) return undefined;
  return { pid, ppid, startTicks, state: fields[0] ?? '?' };
}

/** The live (not zombie) descendants of `root` among `entries`, `root` itself excluded. */
export function descendantsOf(root: number, entries: readonly ProcessEntry[]): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of entries) {
    const list = children.get(entry.ppid);
    if (list === undefined) children.set(entry.ppid, [entry]);
    else list.push(entry);
  }
  const out: ProcessEntry[] = [];
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    for (const child of children.get(queue[i] as number) ?? []) {
      queue.push(child.pid);
      if (isLive(child)) out.push(child);
    }
  }
  return out;
}

/** Not exited: a zombie (`Z`) or dead (`X`) entry runs nothing and holds no memory. */
export function isLive(entry: ProcessEntry): boolean {
  return entry.state !== 'Z' && entry.state !== 'X';
}

/** The resident memory of `pid` (VmRSS), kB; 0 when it is gone. */
export function rssKb(pid: number): number {
  return procKb(pid, 'status', 'VmRSS');
}

/** Whether the environment of `pid` holds `name=value` (false when it cannot be read). */
export function hasEnvMarker(pid: number, name: string, value: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${name}=${value}`);
  } catch {
    return false;
  }
}
