import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A child Node.js program that has said it is ready and waits for `go()` (see {@link startGatedProcess}). */
export interface GatedProcess {
  /** Lets it go: ends its stdin with the line `go`. */
  go(): void;
  /** Settles when it has exited; rejects when its exit code is not 0. */
  readonly exited: Promise<void>;
}

/**
 * Starts `file` (a Node.js program) with `args` and resolves once it has written its first line to
 * stdout (its "ready"); it then waits on stdin for {@link GatedProcess.go}. For tests that race
 * several processes: start them all, then let them go at once. Its stderr is the test's.
 */
export async function startGatedProcess(file: string, args: readonly string[]): Promise<GatedProcess> {
  const child = spawn(process.execPath, [file, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`${file} exited with ${code}`);
  });
  exited.catch(() => {});
  await once(createInterface({ input: child.stdout }), 'line');
  return { go: () => child.stdin.end('go\n'), exited };
}
