import { freemem, totalmem } from 'node:os';

/** The memory figures the default pool budget is derived from, bytes. */
export interface MachineMemory {
  /** Physical memory of the machine (`os.totalmem()`). */
  totalBytes: number;
  /** Memory available now (`process.availableMemory()` where Node has it, else `os.freemem()`). */
  availableBytes: number;
  /** The cgroup (v1 or v2) limit the process runs under (`process.constrainedMemory()`), if any. */
  cgroupLimitBytes?: number | undefined;
}

/** Share of the memory limit a pool takes by default: the rest is left to the host process and the machine. */
export const DEFAULT_BUDGET_SHARE = 0.5;

const MIB = 2 ** 20;

/** This machine's memory, as {@link defaultMemoryBudgetMb} reads it. */
export function machineMemory(): MachineMemory {
  const node = process as { availableMemory?: () => number; constrainedMemory?: () => number | undefined };
  return {
    totalBytes: totalmem(),
    availableBytes: node.availableMemory?.() ?? freemem(),
    cgroupLimitBytes: node.constrainedMemory?.(),
  };
}

/**
 * The memory budget of a pool made without `memoryBudgetMb`, MB: half the memory limit the process
 * runs under (its cgroup limit when one is set below the machine's memory, else the machine's
 * memory), and never more than the memory available when the pool is made. A limit of 0, or one at
 * or above the machine's memory (Node reports "no limit" as 2^64 or 2^63), counts as none.
 */
export function defaultMemoryBudgetMb(memory: MachineMemory = machineMemory()): number {
  const cgroup = memory.cgroupLimitBytes;
  const limit = cgroup !== undefined && cgroup > 0 && cgroup < memory.totalBytes ? cgroup : memory.totalBytes;
  return Math.max(1, Math.floor(Math.min(limit * DEFAULT_BUDGET_SHARE, memory.availableBytes) / MIB));
}

/** Spares asked for in a budget below one CLI's estimate would never start: say so rather than run cold. */
export function warnIfNoRoomForSpares(spares: number, budgetMb: number, estimateMb: number, derived: boolean): void {
  if (spares === 0 || budgetMb >= estimateMb) return;
  const source = derived
    ? 'the default memoryBudgetMb (half the memory limit, at most the memory available)'
    : 'memoryBudgetMb';
  process.emitWarning(
    `agent pool: ${source} is ${budgetMb} MB, below one CLI's estimate (${estimateMb} MB): no spare starts and one CLI runs at a time`,
    { code: 'HEXAGENT_POOL_BUDGET_TOO_SMALL' },
  );
}
