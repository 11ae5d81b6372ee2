import { readdir, readFile } from 'node:fs/promises';

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
 * Measure process trees from procfs (Linux): one scan of `/proc/<pid>/stat` builds the parent map
 * (the `/proc/<pid>/task/<tid>/children` files need a kernel option many containers lack), then
 * `VmRSS` is read from `/proc/<pid>/status` of every member. Elsewhere (no `/proc`) it measures nothing.
 */
export const measureProcessTrees: MeasureProcessTrees = async (rootPids) => {
  const trees = new Map<number, ProcessTreeMemory>();
  if (rootPids.length === 0) return trees;
  const children = await readChildrenMap();
  if (children === undefined) return trees;
  await Promise.all(
    rootPids.map(async (root) => {
      const pids = descendants(root, children);
      const sizes = await Promise.all(pids.map(readVmRssKb));
      if (sizes[0] === undefined) return;
      const totalKb = sizes.reduce<number>((sum, kb) => sum + (kb ?? 0), 0);
      trees.set(root, { pid: root, rssMb: totalKb / 1024, pids: pids.filter((_, i) => sizes[i] !== undefined) });
    }),
  );
  return trees;
};

/** Every live process's children, by parent pid; undefined without procfs. */
async function readChildrenMap(): Promise<Map<number, number[]> | undefined> {
  let names: string[];
  try {
    names = await readdir('/proc');
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(name);
      if (!Number.isInteger(pid)) return;
      const ppid = await readParentPid(pid);
      if (ppid === undefined) return;
      const list = children.get(ppid);
      if (list === undefined) children.set(ppid, [pid]);
      else list.push(pid);
    }),
  );
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

async function readParentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

async function readVmRssKb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    // A zombie or kernel thread has no VmRSS line: it holds no resident memory.
    return match === null ? 0 : Number(match[1]);
  } catch {
    return undefined;
  }
}
