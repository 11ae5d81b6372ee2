/**
 * CPU time and memory of processes from procfs (Linux; elsewhere every reading is 0). CPU times come
 * from `/proc/<pid>/stat` in clock ticks (`USER_HZ`, 100 on Linux), memory from `status` (VmRSS) and
 * `smaps_rollup` (Pss: each shared page divided among the processes mapping it, so that many CLIs
 * mapping one executable are not counted once each).
 */
import { procKb, statFields } from './proc-stat.js';

/** Milliseconds per clock tick of `/proc/<pid>/stat` (`USER_HZ` is 100 on every Linux build). */
const MS_PER_TICK = 10;

/** CPU time of one process, ms: its own, and that of its children it has waited for. */
export interface CpuTimes {
  /** utime + stime: every thread of the process. */
  selfMs: number;
  /** cutime + cstime: the children it reaped, each with the children they reaped, recursively. */
  childrenMs: number;
}

/** The CPU times of `pid` (`'self'`: this process); zeros when it is gone or there is no procfs. */
export function cpuTimes(pid: number | 'self'): CpuTimes {
  const fields = statFields(pid);
  if (fields === undefined) return { selfMs: 0, childrenMs: 0 };
  // utime (field 14) is index 11, stime 12, cutime 13, cstime 14.
  const tick = (index: number) => Number(fields[index]) * MS_PER_TICK;
  return { selfMs: tick(11) + tick(12), childrenMs: tick(13) + tick(14) };
}

/** Proportional set size of `pid`, kB (`smaps_rollup`); 0 when it is gone or unreadable. */
export function pssKb(pid: number): number {
  return procKb(pid, 'smaps_rollup', 'Pss');
}
