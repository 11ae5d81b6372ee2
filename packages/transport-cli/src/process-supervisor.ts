import type { CliProcess } from './cli-process.js';

/** How the CLI process ended. */
export interface ExitStatus {
  /** The exit code, when the process exited on its own. */
  code: number | null;
  /** The signal that ended the process, when it was killed. */
  signal: NodeJS.Signals | null;
}

/** What a {@link ProcessSupervisor} reports to its owner; the first three are stream listeners, called unbound. */
export interface ProcessSupervisorHandlers {
  /** A chunk of the CLI's stdout (a string only from a custom process whose stdout has an encoding). */
  stdout(chunk: Buffer | string): void;
  /** Reading stdout failed. */
  stdoutError(error: Error): void;
  /** A chunk of the CLI's stderr. */
  stderr(chunk: Buffer): void;
  /** The process exited; its output may not be fully read yet. Called at most once. */
  exit(status: ExitStatus): void;
  /** The process exited and its stdio is closed: every byte of its output has been seen. */
  close(status: ExitStatus): void;
  /** The process reported an error after it started; without this handler such errors are ignored. */
  error?(error: Error): void;
}

/**
 * Owns one CLI process from spawn to release: listens to its streams and exit (every stream gets
 * an error listener, so an EPIPE never surfaces as an unhandled 'error'), stops it by escalation
 * (end of input, then SIGTERM, then SIGKILL, each step bounded), and releases it: streams destroyed,
 * listeners removed, and the spawner done with it. The CLI spawned by `spawnCli` has an exit hook,
 * so it is also killed if this Node.js process exits first.
 */
export class ProcessSupervisor {
  private readonly subprocess: CliProcess;
  private readonly handlers: ProcessSupervisorHandlers;
  /** Settles when the spawner is done with the process (`spawnCli`: closed, its exit hook removed). */
  private readonly settled: Promise<void>;
  private status: ExitStatus | undefined;
  private readonly exitWaiters = new Set<() => void>();
  private detached = false;
  private readonly processGroup: boolean;

  /**
   * @param released settles when the spawner is done with the process (`spawnCli`'s `released`);
   *   by default, at the process's `close`.
   * @param processGroup true when the process leads its own process group (spawned `detached`):
   *   signals then go to the whole group, so the CLI's own children (tools, MCP servers) stop with
   *   it, and {@link ProcessSupervisor.stop} ends with a SIGKILL to whatever of the group is left.
   */
  constructor(
    subprocess: CliProcess,
    handlers: ProcessSupervisorHandlers,
    released?: PromiseLike<unknown>,
    processGroup = false,
  ) {
    this.subprocess = subprocess;
    this.handlers = handlers;
    this.processGroup = processGroup;
    this.settled =
      released === undefined
        ? new Promise<void>((resolve) => subprocess.on('close', () => resolve()))
        : Promise.resolve(released).then(ignoreError, ignoreError);
    subprocess.stdin.on('error', ignoreError);
    subprocess.stdout.on('data', handlers.stdout);
    subprocess.stdout.on('error', handlers.stdoutError);
    subprocess.stderr?.on('data', handlers.stderr);
    subprocess.stderr?.on('error', ignoreError);
    subprocess.on('error', this.onError);
    subprocess.on('exit', this.onExit);
    subprocess.on('close', this.onClose);
  }

  /** The process id, once spawned. */
  get pid(): number | undefined {
    return this.subprocess.pid;
  }

  /** The CLI's stdin. */
  get stdin(): CliProcess['stdin'] {
    return this.subprocess.stdin;
  }

  /** How the process ended, once it has. */
  get exitStatus(): ExitStatus | undefined {
    return this.status;
  }

  /** True once {@link ProcessSupervisor.detach} has run. */
  get isDetached(): boolean {
    return this.detached;
  }

  /** Stop reading stdout (the pipe fills and slows the CLI down) until {@link resume}. */
  pause(): void {
    this.subprocess.stdout.pause();
  }

  /** Read stdout again after {@link pause}. */
  resume(): void {
    this.subprocess.stdout.resume();
  }

  /**
   * Stops the process: unless `graceful` is false, waits up to `timeoutMs` for it to exit (its input
   * has been ended by then), then calls `beforeKill` and sends SIGTERM and waits, then SIGKILL and
   * waits. Resolves when the process is gone or the last wait is over.
   */
  async stop(graceful: boolean, timeoutMs: number, beforeKill?: () => void): Promise<void> {
    await this.escalate(graceful, timeoutMs, beforeKill);
    // The leader is gone; its children may not be (a tool's shell, an MCP server).
    if (this.processGroup) this.signalGroup('SIGKILL');
  }

  private async escalate(graceful: boolean, timeoutMs: number, beforeKill?: () => void): Promise<void> {
    if (graceful && (await this.waitForExit(timeoutMs))) return;
    if (this.status === undefined) beforeKill?.();
    this.kill('SIGTERM');
    if (await this.waitForExit(timeoutMs)) return;
    this.kill('SIGKILL');
    await this.waitForExit(timeoutMs);
  }

  /** Resolves true once the process has exited, false after `timeoutMs`. */
  waitForExit(timeoutMs: number): Promise<boolean> {
    if (this.status !== undefined) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const onExit = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.exitWaiters.delete(onExit);
        resolve(false);
      }, timeoutMs);
      timer.unref();
      this.exitWaiters.add(onExit);
    });
  }

  /** Destroys the streams and removes every listener. Idempotent. */
  detach(): void {
    if (this.detached) return;
    this.detached = true;
    const subprocess = this.subprocess;
    // Destroying without an error emits no 'error', so removing the error listeners after is safe.
    for (const stream of [subprocess.stdin, subprocess.stdout, subprocess.stderr]) {
      if (stream && !stream.destroyed) stream.destroy();
    }
    subprocess.stdin.off('error', ignoreError);
    subprocess.stdout.off('data', this.handlers.stdout);
    subprocess.stdout.off('error', this.handlers.stdoutError);
    subprocess.stderr?.off('data', this.handlers.stderr);
    subprocess.stderr?.off('error', ignoreError);
    subprocess.off('error', this.onError);
    subprocess.off('exit', this.onExit);
    subprocess.off('close', this.onClose);
  }

  /**
   * Resolves once the spawner has released what it holds for the process (`spawnCli`: at its
   * `close`, the exit hook removed), or after `timeoutMs`.
   */
  async waitUntilReleased(timeoutMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    });
    await Promise.race([this.settled, timeout]);
    clearTimeout(timer);
  }

  private kill(signal: NodeJS.Signals): void {
    if (this.status !== undefined) return;
    if (this.processGroup && this.signalGroup(signal)) return;
    try {
      this.subprocess.kill(signal);
    } catch {
      // The process is already gone.
    }
  }

  /** Sends `signal` to the process group the process leads; false when there is none (any more). */
  private signalGroup(signal: NodeJS.Signals): boolean {
    const pid = this.subprocess.pid;
    if (pid === undefined || process.platform === 'win32') return false;
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  private readonly onError = (error: Error): void => {
    this.handlers.error?.(error);
  };

  private readonly onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
    if (this.status !== undefined) return;
    this.status = { code, signal };
    for (const waiter of this.exitWaiters) waiter();
    this.exitWaiters.clear();
    this.handlers.exit(this.status);
  };

  private readonly onClose = (code: number | null, signal: NodeJS.Signals | null): void => {
    this.onExit(code, signal);
    this.handlers.close(this.status ?? { code, signal });
  };
}

function ignoreError(): void {
  // Deliberately empty: the error is reported elsewhere or is harmless.
}
