import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The resident memory of one process and its descendants, read from procfs. */
export interface ProcessTreeMemory {
  /** The root of the tree (the CLI's pid). */
  pid: number;
  /** VmRSS of the root and every live descendant, summed, MB. */
  rssMb: number;
  /** The pids measured: the root first, then its descendants. */
  pids: number[];
}

/** Measures the process trees under the given root pids; a root that is gone is left out of the map. */
export type MeasureProcessTrees = (rootPids: readonly number[]) => Promise<Map<number, ProcessTreeMemory>>;

/**
 * Measure process trees from procfs (Linux): where the kernel has the `/proc/<pid>/task/<tid>/children`
 * files (`CONFIG_PROC_CHILDREN`), each tree is walked down from its root, reading only the pool's own
 * processes; elsewhere one scan of `/proc/<pid>/stat` builds the parent map (measured on the bench VM,
 * ~150 processes: 8-14 ms of the event loop per sample, up to ~50 ms under load, every
 * `sampleIntervalMs`, landing on claimed CLIs' first messages; the walk takes well under 1 ms). Then
 * `VmRSS` is read from `/proc/<pid>/status` of every member. Elsewhere (no `/proc`) it measures
 * nothing. The reads are synchronous: procfs answers from memory (a scan of 200 processes takes a
 * few ms), while asynchronous reads queue behind the libuv thread pool, which is busiest exactly
 * when many CLIs start, and a sample would land after the processes it measures are gone.
 */
export const measureProcessTrees: MeasureProcessTrees = async (rootPids) => {
  const trees = new Map<number, ProcessTreeMemory>();
  if (rootPids.length === 0) return trees;
  const children = hasChildrenFiles() ? undefined : readChildrenMap();
  if (children === undefined && !hasChildrenFiles()) return trees;
  for (const root of rootPids) {
    const pids = children === undefined ? walkDescendants(root) : descendants(root, children);
    const sizes = pids.map(readVmRssKb);
    if (sizes[0] === undefined) continue;
    const totalKb = sizes.reduce<number>((sum, kb) => sum + (kb ?? 0), 0);
    trees.set(root, { pid: root, rssMb: totalKb / 1024, pids: pids.filter((_, i) => sizes[i] !== undefined) });
  }
  return trees;
};

let childrenFiles: boolean | undefined;

/** Whether this kernel has `/proc/<pid>/task/<tid>/children` (checked once, on this process). */
function hasChildrenFiles(): boolean {
  childrenFiles ??= existsSync(`/proc/${process.pid}/task/${process.pid}/children`);
  return childrenFiles;
}

/** The root and its descendants, breadth first, from the children files of every thread of each. */
function walkDescendants(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    const pid = out[i] as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      let listed: string;
      try {
        listed = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of listed.split(/\s+/)) if (child !== '') out.push(Number(child));
    }
  }
  return out;
}

/** Every live process's children, by parent pid; undefined without procfs. */
function readChildrenMap(): Map<number, number[]> | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const ppid = readParentPid(pid);
    if (ppid === undefined) continue;
    const list = children.get(ppid);
    if (list === undefined) children.set(ppid, [pid]);
    else list.push(pid);
  }
  return children;
}

/** The root and its descendants, breadth first. */
function descendants(root: number, children: Map<number, number[]>): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    for (const child of children.get(out[i] as number) ?? []) out.push(child);
  }
  return out;
}

function readParentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function readVmRssKb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    // A zombie or kernel thread has no VmRSS line: it holds no resident memory.
    return match === null ? 0 : Number(match[1]);
  } catch {
    return undefined;
  }
}
