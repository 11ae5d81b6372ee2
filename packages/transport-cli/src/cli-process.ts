import type { Readable, Writable } from 'node:stream';
import type { CliCommand } from './resolve-cli-command.js';

/** Listener of a process's `exit` and `close` events. */
export type ExitListener = (code: number | null, signal: NodeJS.Signals | null) => void;

/**
 * The CLI process as the transport drives it, whichever way it was spawned: a `ChildProcess`
 * has this shape, and {@link CustomCliProcess} gives it to what `spawnClaudeCodeProcess` returns.
 * `close` comes after `exit`, once the process's output is fully read.
 */
export interface CliProcess {
  readonly pid?: number | undefined;
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Absent for a custom process without one. */
  readonly stderr?: Readable | null | undefined;
  kill(signal: NodeJS.Signals): boolean;
  on(event: 'exit' | 'close', listener: ExitListener): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'exit' | 'close', listener: ExitListener): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** A CLI process just spawned, and what was run. */
export interface SpawnedCli {
  process: CliProcess;
  /** What was run, for error messages. */
  command: CliCommand;
  /**
   * Resolves once the process runs; rejects with `CliNotFoundError` when its executable cannot be
   * run, with `ProcessError` for any other refusal.
   */
  started: Promise<void>;
  /** Settles once the spawner has released the process (`spawnCli`: closed, its exit hook removed). */
  released: PromiseLike<unknown>;
  /** True when an `error` of the process after it started is a fault (a custom process). */
  errorsAreFatal: boolean;
}
