import type { Readable, Writable } from 'node:stream';

/**
 * What `spawnClaudeCodeProcess` returns, with Node.js's types: the official SDK's `SpawnedProcess`.
 * A `ChildProcess` spawned with piped stdio has all of it. (Core's `SpawnedProcessLike`, the type of
 * the option itself, is the platform-free part of this interface, so both are accepted.)
 *
 * The transport writes one JSON line per message to `stdin`, reads lines from `stdout`, listens to
 * `exit` and `error`, and stops the process by ending `stdin`, then `kill('SIGTERM')`, then
 * `kill('SIGKILL')`. A `stderr` stream, when the object has one, is read too.
 */
export interface SpawnedProcess {
  /** The process's stdin. */
  stdin: Writable;
  /** The process's stdout. */
  stdout: Readable;
  /** Whether the process has been killed. */
  readonly killed: boolean;
  /** The exit code once the process has exited, `null` before. */
  readonly exitCode: number | null;
  /** The signal that ended the process, if any; custom spawners may leave it out. */
  readonly signalCode?: NodeJS.Signals | null;
  /** Send `signal` to the process. */
  kill(signal: NodeJS.Signals): boolean;
  /** Called once the process exits, with its code and signal. */
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Called when the process fails. */
  on(event: 'error', listener: (error: Error) => void): void;
  /** Called once, when the process exits. */
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Called once, when the process fails. */
  once(event: 'error', listener: (error: Error) => void): void;
  /** Remove an `exit` listener. */
  off(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Remove an `error` listener. */
  off(event: 'error', listener: (error: Error) => void): void;
}
