import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { SpawnedProcessLike } from '@hexagent/core';
import type { CliProcess } from './cli-process.js';

/** How long after its exit a custom process's output may take to end before it counts as closed. */
export const CUSTOM_PROCESS_CLOSE_GRACE_MS = 1_000;

/**
 * What `spawnClaudeCodeProcess` returned, as a {@link CliProcess}. Such a process promises only
 * `exit` and `error`; the `close` the transport waits for (every byte of output read) is made here:
 * after `exit`, once stdout (and stderr, when the object has one) has ended, or after
 * {@link CUSTOM_PROCESS_CLOSE_GRACE_MS}. A process that had already exited when it was returned
 * gets its `exit` on the next tick. `error` is passed on only while someone listens.
 */
export class CustomCliProcess extends EventEmitter implements CliProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable | undefined;
  /** Resolves once `close` was emitted. */
  readonly released: Promise<void>;
  private readonly spawned: SpawnedProcessLike;
  private readonly graceMs: number;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private openStreams: number;
  private closed = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private resolveReleased: () => void = () => {};

  constructor(spawned: SpawnedProcessLike, graceMs = CUSTOM_PROCESS_CLOSE_GRACE_MS) {
    super();
    this.spawned = spawned;
    this.graceMs = graceMs;
    // The official contract types these as Node.js streams; the core type is their structural part.
    this.stdin = spawned.stdin as unknown as Writable;
    this.stdout = spawned.stdout as unknown as Readable;
    const stderr: unknown = (spawned as { stderr?: unknown }).stderr;
    this.stderr = isReadable(stderr) ? stderr : undefined;
    this.released = new Promise<void>((resolve) => {
      this.resolveReleased = resolve;
    });
    this.openStreams = this.stderr === undefined ? 1 : 2;
    for (const stream of [this.stdout, this.stderr]) {
      if (stream === undefined) continue;
      if (stream.readableEnded || stream.destroyed) this.openStreams -= 1;
      else watchEnd(stream, this.onStreamEnd);
    }
    spawned.on('exit', this.onExit);
    spawned.on('error', this.onError);
    if (spawned.exitCode !== null || (spawned.signalCode ?? null) !== null) {
      const { exitCode, signalCode } = spawned;
      process.nextTick(() => this.onExit(exitCode, signalCode ?? null));
    }
  }

  get pid(): number | undefined {
    const pid: unknown = (this.spawned as { pid?: unknown }).pid;
    return typeof pid === 'number' ? pid : undefined;
  }

  kill(signal: NodeJS.Signals): boolean {
    return this.spawned.kill(signal as 'SIGTERM' | 'SIGKILL');
  }

  /** Lets go of a process that never ran (it failed to start): nothing to wait for. */
  abandon(): void {
    this.spawned.off('exit', this.onExit);
    this.spawned.off('error', this.onError);
    this.resolveReleased();
  }

  private readonly onExit = (code: number | null, signal: string | null): void => {
    if (this.exit !== undefined) return;
    this.exit = { code, signal: signal as NodeJS.Signals | null };
    this.emit('exit', code, this.exit.signal);
    this.graceTimer = setTimeout(() => this.close(), this.graceMs);
    this.graceTimer.unref();
    if (this.openStreams === 0) this.close();
  };

  private readonly onError = (error: Error): void => {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  };

  private readonly onStreamEnd = (): void => {
    this.openStreams -= 1;
    if (this.openStreams === 0 && this.exit !== undefined) this.close();
  };

  private close(): void {
    if (this.closed || this.exit === undefined) return;
    this.closed = true;
    clearTimeout(this.graceTimer);
    this.spawned.off('exit', this.onExit);
    this.spawned.off('error', this.onError);
    this.emit('close', this.exit.code, this.exit.signal);
    this.resolveReleased();
  }
}

/** Calls `onEnd` once, when `stream` ends, closes or fails. */
function watchEnd(stream: Readable, onEnd: () => void): void {
  let done = false;
  const end = (): void => {
    if (done) return;
    done = true;
    onEnd();
  };
  stream.once('end', end);
  stream.once('close', end);
  stream.once('error', end);
}

function isReadable(value: unknown): value is Readable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { on?: unknown }).on === 'function' &&
    typeof (value as { pause?: unknown }).pause === 'function'
  );
}
