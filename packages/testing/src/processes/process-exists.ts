/**
 * True while a process with this pid exists, a zombie included: `kill(pid, 0)` does not fail with
 * `ESRCH` (any platform; a process of another user counts). False for `undefined`.
 *
 * For a child of this process, where a zombie is a leak of the code under test: Node reaps a child
 * as it handles the child's exit, so a child that is still a zombie after that code said it was
 * gone (a `close()` that resolved, an error that was thrown) was not waited for. For any other
 * process, which its own parent or init reaps in its own time, use `isRunning`, which counts a
 * zombie as gone.
 *
 * @example
 * ```ts
 * await transport.close();
 * expect(processExists(transport.pid)).toBe(false);
 * ```
 */
export function processExists(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
