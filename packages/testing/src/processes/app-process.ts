import { spawn } from 'node:child_process';

/** How a program under test ended. */
export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A program under test running as a child Node.js process, which reports what it does as JSON lines
 * on stdout, each with an `event` name: `{"event":"ready","pid":123}`.
 */
export interface AppProcess {
  /** Its pid. */
  readonly pid: number;
  /** Settles when it has exited. */
  readonly exited: Promise<AppExit>;
  /**
   * Resolves with the first event named `name` it reported (one reported earlier included);
   * rejects, with its stderr, when it exits without reporting one.
   */
  event(name: string): Promise<Record<string, unknown>>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** The events it reported so far, in order. */
  reported(): ReadonlyArray<Record<string, unknown>>;
  /** Sends it `signal` (default SIGKILL), if it still runs. */
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Runs `file` (a Node.js program) with only `env` as its environment and the program's arguments
 * `args`, reading its JSON event lines (see {@link AppProcess}); a line that is not JSON is ignored.
 *
 * @example
 * ```ts
 * const app = startAppProcess(fixture, { PATH: process.env.PATH ?? '', CONFIG: JSON.stringify(config) });
 * const { pid } = await app.event('cli');
 * ```
 */
export function startAppProcess(file: string, env: Record<string, string>, args: readonly string[] = []): AppProcess {
  const child = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const events: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let running = true;
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        events.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        continue;
      }
      for (const waiter of waiters) waiter();
    }
  });
  const exited = new Promise<AppExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
    child.once('error', () => {
      running = false;
      resolve({ code: null, signal: null });
    });
  });
  void exited.then(() => {
    for (const waiter of waiters) waiter();
  });
  return {
    pid: child.pid ?? -1,
    exited,
    stderr: () => stderr,
    reported: () => [...events],
    kill(signal = 'SIGKILL') {
      if (running) child.kill(signal);
    },
    event(name) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = events.find((event) => event['event'] === name);
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
          } else if (!running) {
            waiters.delete(check);
            reject(new Error(`the program exited before reporting "${name}"; its stderr:\n${stderr}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}
