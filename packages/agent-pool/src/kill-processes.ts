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

/**
 * Resolves once none of `pids` exists any more (a child of this process is gone once Node.js has
 * reaped it), or after `budgetMs`: `pool.close()` resolves only when no process it killed is left.
 * @returns the pids still there at the end of the budget.
 */
export async function waitUntilGone(pids: readonly number[], budgetMs = 3_000): Promise<number[]> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const left = pids.filter(exists);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's (a reused pid); ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
