/**
 * SIGKILL every pid in `pids` that still exists; returns how many were signalled. The last resort
 * of `pool.close()`, so that no process of the pool outlives it.
 */
export function killProcesses(pids: readonly number[]): number {
  let killed = 0;
  for (const pid of new Set(pids)) {
    try {
      process.kill(pid, 'SIGKILL');
      killed += 1;
    } catch {
      // Already gone (ESRCH): nothing to do.
    }
  }
  return killed;
}
