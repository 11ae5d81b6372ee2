/**
 * What `spawnClaudeCodeProcess` is called with: the program and arguments to run, where, with which
 * environment, and a signal for cancellation.
 */
export interface SpawnOptions {
  /** The program to run: the CLI itself, or the JavaScript runtime for a script build of it. */
  command: string;
  /** Its arguments: `executableArgs`, the script for a script build, then the CLI's flags. */
  args: string[];
  /** The working directory (`options.cwd`); absent when that option is. */
  cwd?: string;
  /** The whole environment of the process (see `Options.env`). */
  env: {
    [envVar: string]: string | undefined;
  };
  /**
   * Aborts only once the CLI has had its chance to stop on its own: after its input was closed and
   * the transport's grace period (2 s by default) passed without an exit. Handing it to `spawn()`
   * or to a VM's teardown is therefore safe: it never cuts the CLI's clean shutdown short.
   */
  signal: AbortSignal;
}

/** The CLI's stdin as the transport writes to it (a Node.js `Writable` has all of this). */
export interface SpawnedProcessInput {
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  end(): void;
  cork(): void;
  uncork(): void;
  destroy(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** The CLI's stdout as the transport reads it (a Node.js `Readable` has all of this). */
export interface SpawnedProcessOutput {
  readonly destroyed: boolean;
  pause(): unknown;
  resume(): unknown;
  destroy(): void;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * What `spawnClaudeCodeProcess` returns, as far as hexagent uses it: the platform-free part of the
 * official `SpawnedProcess` (which `@hexagent/sdk` exports with Node.js's stream types). A Node.js
 * `ChildProcess` qualifies, and so does any object with the same members.
 */
export interface SpawnedProcessLike {
  /** The process's stdin: one JSON message per line goes there. */
  stdin: SpawnedProcessInput;
  /** The process's stdout: one JSON message per line comes from there. */
  stdout: SpawnedProcessOutput;
  /** True once `kill()` was called successfully. */
  readonly killed: boolean;
  /** The exit code once the process has exited, `null` before. */
  readonly exitCode: number | null;
  /** The signal that ended the process, when one did; optional. */
  readonly signalCode?: string | null;
  /** Send `signal` to the process. */
  kill(signal: 'SIGTERM' | 'SIGKILL'): boolean;
  /** Listen for the exit (code and signal) or for an error of the process. */
  on(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Listen once. */
  once(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  /** Remove a listener. */
  off(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}
