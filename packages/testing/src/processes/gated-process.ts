import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A child Node.js program that has said it is ready and waits for `go()` (see {@link startGatedProcess}). */
export interface GatedProcess {
  /** Lets it go: ends its stdin with `line` (default `go`), for a program that reads its orders there. */
  go(line?: string): void;
  /** Settles when it has exited; rejects when its exit code is not 0. */
  readonly exited: Promise<void>;
}

/**
 * Starts `file` (a Node.js program) with `args` and resolves once it has written its first line to
 * stdout (its "ready"); it then waits on stdin for {@link GatedProcess.go}. For tests that race
 * several processes: start them all, then let them go at once. Its stderr is the test's.
 *
 * @throws Error when the program exits before its first line.
 */
export async function startGatedProcess(file: string, args: readonly string[]): Promise<GatedProcess> {
  const child = spawn(process.execPath, [file, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`${file} exited with ${code}`);
  });
  exited.catch(() => {});
  // A program that dies before its "ready" fails the start rather than leaving the test to its timeout.
  const ready = once(createInterface({ input: child.stdout }), 'line');
  await Promise.race([
    ready,
    exited.then(() => {
      throw new Error(`${file} exited before it was ready`);
    }),
  ]);
  return { go: (line = 'go') => child.stdin.end(`${line}\n`), exited };
}
