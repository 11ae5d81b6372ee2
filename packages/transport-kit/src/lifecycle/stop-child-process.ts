/** What {@link stopChildProcess} needs of a child process (Node's `ChildProcess` has it). */
export interface StoppableChild {
  /** The child's input, ended first: a CLI between turns exits on its own. */
  readonly stdin: { end(): unknown } | null;
  /** Sends a signal. */
  kill(signal: NodeJS.Signals): boolean;
  /** Set once it has exited on its own. */
  readonly exitCode: number | null;
  /** Set once a signal ended it. */
  readonly signalCode: NodeJS.Signals | null;
}

/**
 * The close of a transport that runs a child process (the CLI, or a wrapper that reaches it): ends
 * its input, waits up to `stepMs` for it to exit, then SIGTERM, `stepMs` again, then SIGKILL and a
 * last `stepMs`. Each step is bounded, so a close never hangs on a child that ignores its input
 * and SIGTERM (the CLI mid-turn does the first). `exited` settles when the child has exited.
 *
 * @returns true once the child has exited; false when it still ran after the SIGKILL step.
 * @example
 * ```ts
 * const exited = new Promise((resolve) => child.once('close', resolve));
 * await stopChildProcess(child, exited, 2000);
 * ```
 */
export async function stopChildProcess(
  child: StoppableChild,
  exited: Promise<unknown>,
  stepMs: number,
): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  child.stdin?.end();
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (await settledWithin(exited, stepMs)) return true;
    child.kill(signal);
  }
  return settledWithin(exited, stepMs);
}

function settledWithin(exited: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    exited.then(done, done);
  });
}
