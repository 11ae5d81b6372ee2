import { statSync } from 'node:fs';
import {
  AbortError,
  type InboundMessage,
  InboundMessageStream,
  InvalidOptionError,
  JsonDecodeError,
  type Options,
  type OutboundMessage,
  onAbort as subscribeToAbort,
  type Transport,
  type TransportFactory,
  type TransportSink,
} from '@hexagent/core';
import { BackpressureQueue } from './backpressure-queue.js';
import { buildCliArgs } from './build-cli-args.js';
import { buildCliEnv } from './build-cli-env.js';
import { CliNotFoundError } from './cli-not-found-error.js';
import { findClaudeCli } from './find-claude-cli.js';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './line-decoder.js';
import { ProcessError } from './process-error.js';
import { type CliCommand, resolveCliCommand } from './resolve-cli-command.js';
import { StderrLineSplitter } from './stderr-line-splitter.js';
import { DEFAULT_STDERR_BUFFER_BYTES, DEFAULT_STDERR_BUFFER_LINES, StderrRingBuffer } from './stderr-ring-buffer.js';
import { validateCliOptions } from './validate-cli-options.js';
import type { execa as Execa } from './vendor/execa.js';

/**
 * execa, imported on the first `start()` (bundled into one module by the build, see
 * `vendor/execa.ts`): ~20 ms to import, which a program that imports hexagent would pay up front
 * otherwise, whether or not (and long before) a CLI starts.
 */
let execaModule: Promise<typeof import('./vendor/execa.js')> | undefined;
function loadExeca(): Promise<typeof import('./vendor/execa.js')> {
  execaModule ??= import('./vendor/execa.js');
  return execaModule;
}

/** Default time each step of `close()` waits for the CLI to exit before escalating, in ms. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 2_000;

/**
 * How long a write that failed on a broken pipe waits for the CLI's exit status before it rejects,
 * so that its `ProcessError` says how the process ended (code or signal, and the stderr tail).
 */
const BROKEN_PIPE_EXIT_WAIT_MS = 500;

/** Default number of inbound messages buffered before reading from the CLI pauses. */
export const DEFAULT_HIGH_WATER_MARK = 1_024;

/** Settings of a {@link CliTransport} that are not session options. */
export interface CliTransportSettings {
  /**
   * How long each step of `close()` waits, in ms (default {@link DEFAULT_CLOSE_TIMEOUT_MS}): after
   * closing the CLI's input, then after SIGTERM, then after SIGKILL.
   */
  closeTimeoutMs?: number;
  /** Stderr lines kept for `ProcessError.stderrTail` (default 100). */
  stderrBufferLines?: number;
  /** Stderr bytes kept for `ProcessError.stderrTail` (default 16 KiB). */
  stderrBufferBytes?: number;
  /**
   * Inbound messages buffered, unread, before the transport stops reading the CLI's output (and so,
   * through the pipe, slows the CLI down) until the consumer catches up (default
   * {@link DEFAULT_HIGH_WATER_MARK}).
   */
  highWaterMark?: number;
}

type State = 'idle' | 'starting' | 'open' | 'closing' | 'closed';

/** The exit status of the CLI process. */
interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The `Transport` port over a Claude Code CLI subprocess: one JSON object per line on the CLI's
 * stdin and stdout, stderr kept as diagnostics.
 *
 * The process is spawned without a shell from an argv array ({@link buildCliArgs}), with
 * `process.env` overlaid by `options.env` ({@link buildCliEnv}). A fault in the CLI's output (a line
 * that is not a JSON object, a line over `maxMessageBytes`) is thrown from `messages()` after the
 * messages before it, and the process is stopped; an exit the transport did not cause (non-zero
 * code, or a signal) ends `messages()` with a `ProcessError` carrying the tail of stderr.
 *
 * @example
 * ```ts
 * const transport = new CliTransport({ model: 'claude-sonnet-4-5', cwd: '/my/project' });
 * await transport.start();
 * await transport.send({ type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } });
 * for await (const message of transport.messages()) {
 *   if (message.type === 'control_response') break; // breaking out closes the transport
 * }
 * await transport.close();
 * ```
 */
export class CliTransport implements Transport {
  /** The version of the `Transport` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  private readonly options: Options;
  private readonly closeTimeoutMs: number;
  private readonly decoder: LineDecoder;
  private readonly queue: BackpressureQueue<InboundMessage>;
  private readonly stderrBuffer: StderrRingBuffer;
  private readonly stderrSplitter: StderrLineSplitter;
  private state: State = 'idle';
  private subprocess: CliSubprocess | undefined;
  private startPromise: Promise<void> | undefined;
  private stopPromise: Promise<void> | undefined;
  /**
   * Settles when execa is done with the process. execa releases its own resources then (the
   * process-wide signal handlers of `cleanup: true`), a few ticks after the process has exited.
   */
  private subprocessSettled: Promise<void> | undefined;
  private exitStatus: ExitStatus | undefined;
  private readonly exitWaiters = new Set<() => void>();
  /** Takes `onAbort` off `options.abortController`'s signal. */
  private stopListeningForAbort: (() => void) | undefined;
  /** The CLI's messages, read once with `messages()` or `subscribe()`. */
  private readonly inbound: InboundMessageStream;
  private inputEnded = false;
  private failed = false;
  private closeRequested = false;
  private detached = false;
  /** True while the CLI's input is corked until the end of the tick (see `send`). */
  private corked = false;

  /**
   * @param options the session options; see {@link buildCliArgs} for the ones that become flags.
   * @param settings transport settings.
   * @throws InvalidOptionError when a setting is out of range.
   */
  constructor(options: Options = {}, settings: CliTransportSettings = {}) {
    // Fail at construction, so `query()` throws before anything is spawned or awaited.
    validateCliOptions(options);
    this.options = options;
    this.closeTimeoutMs = positiveSetting(settings.closeTimeoutMs, DEFAULT_CLOSE_TIMEOUT_MS, 'closeTimeoutMs');
    this.stderrBuffer = new StderrRingBuffer({
      maxLines: positiveSetting(settings.stderrBufferLines, DEFAULT_STDERR_BUFFER_LINES, 'stderrBufferLines', true),
      maxBytes: positiveSetting(settings.stderrBufferBytes, DEFAULT_STDERR_BUFFER_BYTES, 'stderrBufferBytes', true),
    });
    this.decoder = new LineDecoder(options.maxMessageBytes ?? DEFAULT_MAX_LINE_BYTES);
    this.stderrSplitter = new StderrLineSplitter(this.onStderrLine);
    this.queue = new BackpressureQueue<InboundMessage>({
      highWaterMark: positiveSetting(settings.highWaterMark, DEFAULT_HIGH_WATER_MARK, 'highWaterMark', true),
      onPause: () => this.subprocess?.stdout.pause(),
      onResume: () => this.subprocess?.stdout.resume(),
      onReturn: () => void this.close(),
    });
    this.inbound = new InboundMessageStream({
      queue: this.queue,
      owner: 'CliTransport',
      onSinkError: (error) => this.fail(error),
    });
  }

  /** True from a successful `start()` until `close()` is called, the CLI exits, or its output is faulty. */
  get isOpen(): boolean {
    return this.state === 'open' && !this.closeRequested && this.exitStatus === undefined && !this.failed;
  }

  /** The CLI's process id, once spawned. */
  get pid(): number | undefined {
    return this.subprocess?.pid;
  }

  /** The last lines the CLI wrote to stderr (bounded). */
  get stderrTail(): string {
    return this.stderrBuffer.toString();
  }

  /**
   * Validate the options, find the CLI and spawn it. Resolves once the process is running.
   *
   * @throws InvalidOptionError for a bad option (nothing is spawned).
   * @throws CliNotFoundError when the CLI is missing or not executable, at once.
   * @throws AbortError when `options.abortController` is already aborted.
   */
  start(): Promise<void> {
    if (this.state !== 'idle') {
      return Promise.reject(
        new ProcessError({
          message: this.closeRequested
            ? 'CliTransport.start(): the transport is closed'
            : 'CliTransport.start() may be called only once',
        }),
      );
    }
    this.state = 'starting';
    this.startPromise = this.spawn();
    return this.startPromise;
  }

  /**
   * The CLI's messages, one parsed JSON object per line, in order. Blank lines are skipped. Ends
   * when the CLI closes its output or the transport is closed; leaving the loop early closes the
   * transport. May be called once.
   *
   * @throws JsonDecodeError from the iteration for a line that is not a JSON object.
   * @throws MessageTooLargeError from the iteration for a line over `maxMessageBytes`.
   * @throws ProcessError from the iteration when the CLI exits with a non-zero code or is killed
   *   by a signal that `close()` did not send.
   */
  messages(): AsyncIterable<InboundMessage> {
    return this.inbound.messages();
  }

  /**
   * Push mode, the alternative to {@link CliTransport.messages}: every message goes to
   * `sink.message` synchronously as its line is decoded (those that arrived earlier first), then
   * `sink.end` is called once, with the error `messages()` would throw, if any. A sink that throws
   * is a fatal fault: the CLI is stopped and `sink.end` gets the error. No buffering: a sink that
   * cannot keep up must queue for itself. May be called once, and not together with `messages()`.
   */
  subscribe(sink: TransportSink): void {
    this.inbound.subscribe(sink);
  }

  /**
   * Write one message as a line of JSON. Resolves once the line is handed to the OS.
   *
   * @throws ProcessError when the CLI's input is closed (after `endInput()`, `close()`, an exit, or
   *   a broken pipe).
   */
  send(message: OutboundMessage): Promise<void> {
    const stdin = this.subprocess?.stdin;
    if (
      stdin === undefined ||
      this.state !== 'open' ||
      this.closeRequested ||
      this.inputEnded ||
      stdin.destroyed ||
      stdin.writableEnded
    ) {
      return Promise.reject(this.inputClosedError());
    }
    let line: string;
    try {
      line = `${JSON.stringify(message)}\n`;
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<void>((resolve, reject) => {
      if (!this.corked) {
        // Lines sent in one tick leave in one write (writev): concurrent tool calls finish together,
        // and each write is a system call that also wakes the CLI.
        this.corked = true;
        stdin.cork();
        process.nextTick(this.uncork);
      }
      stdin.write(line, (error) => {
        if (!error) {
          resolve();
          return;
        }
        // A broken pipe mostly means the CLI is exiting: let the error carry how it ended.
        void this.waitForExit(BROKEN_PIPE_EXIT_WAIT_MS).then(() => reject(this.inputClosedError(error)));
      });
    });
  }

  /** Close the CLI's input (EOF), so it finishes its work and exits. Idempotent. */
  endInput(): void {
    if (this.inputEnded) return;
    this.inputEnded = true;
    const stdin = this.subprocess?.stdin;
    if (stdin !== undefined && !stdin.destroyed && !stdin.writableEnded) stdin.end();
  }

  /**
   * Stop the CLI and release everything: close its input, wait for it to exit, then SIGTERM, then
   * SIGKILL, each step bounded by `closeTimeoutMs`. Resolves once the process is gone and execa has
   * released what it held for it (its process-wide signal handlers); afterwards
   * `isOpen` is false and `messages()` ends without error. Idempotent; never rejects.
   */
  close(): Promise<void> {
    this.closeRequested = true;
    this.stopPromise ??= this.stop(true);
    return this.stopPromise;
  }

  private async spawn(): Promise<void> {
    let subprocess: CliSubprocess;
    try {
      const { execa } = await loadExeca();
      const signal = this.options.abortController?.signal;
      if (signal?.aborted) throw new AbortError({ message: 'The query was aborted before the CLI started' });
      const args = buildCliArgs(this.options);
      assertDirectory(this.options.cwd);
      const env = buildCliEnv(process.env, this.options.env);
      const command = resolveCliCommand(findClaudeCli(this.options, { env }), this.options, env);
      subprocess = spawnCli(execa, command, args, env, this.options.cwd);
      this.subprocess = subprocess;
      this.subprocessSettled = subprocess.then(ignoreError, ignoreError);
      this.attach(subprocess);
      await waitForSpawn(subprocess, command);
    } catch (error) {
      this.state = 'closed';
      this.detach();
      this.finish(error);
      throw error;
    }
    if (this.state === 'starting') this.state = 'open';
    if (this.inputEnded) subprocess.stdin.end();
    const signal = this.options.abortController?.signal;
    if (signal !== undefined) {
      // One listener on the signal however many transports share it (no MaxListeners warning).
      this.stopListeningForAbort = subscribeToAbort(signal, this.onAbort);
      if (signal.aborted) void this.close();
    }
  }

  private attach(subprocess: CliSubprocess): void {
    // Every stream gets an error listener: an EPIPE must never surface as an unhandled 'error'.
    subprocess.stdin.on('error', ignoreError);
    subprocess.stdout.on('data', this.onStdoutData);
    subprocess.stdout.on('error', this.onStdoutError);
    subprocess.stderr.on('data', this.onStderrData);
    subprocess.stderr.on('error', ignoreError);
    subprocess.on('error', ignoreError);
    subprocess.on('exit', this.onExit);
    subprocess.on('close', this.onClose);
    // With `reject: false` the result never rejects; the handler is a guard, not a code path.
    subprocess.catch(ignoreError);
  }

  private detach(): void {
    const subprocess = this.subprocess;
    if (subprocess === undefined || this.detached) return;
    this.detached = true;
    // Destroying without an error emits no 'error', so removing the error listeners after is safe.
    for (const stream of [subprocess.stdin, subprocess.stdout, subprocess.stderr]) {
      if (!stream.destroyed) stream.destroy();
    }
    subprocess.stdin.off('error', ignoreError);
    subprocess.stdout.off('data', this.onStdoutData);
    subprocess.stdout.off('error', this.onStdoutError);
    subprocess.stderr.off('data', this.onStderrData);
    subprocess.stderr.off('error', ignoreError);
    subprocess.off('error', ignoreError);
    subprocess.off('exit', this.onExit);
    subprocess.off('close', this.onClose);
    this.stopListeningForAbort?.();
    this.stopListeningForAbort = undefined;
  }

  private async stop(graceful: boolean): Promise<void> {
    if (this.startPromise !== undefined) await this.startPromise.catch(ignoreError);
    if (this.subprocess === undefined || this.detached) {
      this.state = 'closed';
      this.finish();
      await this.waitForExeca();
      return;
    }
    if (this.state !== 'closed') this.state = 'closing';
    this.endInput();
    if (!(graceful && (await this.waitForExit(this.closeTimeoutMs)))) {
      this.kill('SIGTERM');
      if (!(await this.waitForExit(this.closeTimeoutMs))) {
        this.kill('SIGKILL');
        await this.waitForExit(this.closeTimeoutMs);
      }
    }
    this.state = 'closed';
    this.finish();
    this.detach();
    await this.waitForExeca();
  }

  /** Waits (bounded by `closeTimeoutMs`) until execa has released what it holds for the process. */
  private async waitForExeca(): Promise<void> {
    const settled = this.subprocessSettled;
    if (settled === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeTimeoutMs);
      timer.unref();
    });
    await Promise.race([settled, timeout]);
    clearTimeout(timer);
  }

  /** Stop on a fatal fault: the consumer sees `error` after the messages before it. */
  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.finish(error);
    this.stopPromise ??= this.stop(false);
  }

  /** Ends the inbound stream, with `error` for a fault; only the first call counts. */
  private finish(error?: unknown): void {
    this.inbound.end(error);
  }

  private kill(signal: NodeJS.Signals): void {
    if (this.exitStatus !== undefined) return;
    try {
      this.subprocess?.kill(signal);
    } catch {
      // The process is already gone.
    }
  }

  private waitForExit(timeoutMs: number): Promise<boolean> {
    if (this.exitStatus !== undefined) return Promise.resolve(true);
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

  private inputClosedError(cause?: unknown): ProcessError {
    const status = this.exitStatus;
    return new ProcessError({
      message:
        'Cannot write to the Claude Code CLI: its input is closed' +
        (status === undefined
          ? ''
          : status.signal !== null
            ? ` (the process was killed by ${status.signal})`
            : ` (the process exited with code ${status.code})`),
      exitCode: status?.code ?? undefined,
      signal: status?.signal ?? undefined,
      stderrTail: this.stderrBuffer.toString(),
      cause,
    });
  }

  private readonly uncork = (): void => {
    this.corked = false;
    this.subprocess?.stdin.uncork();
  };

  private readonly onLine = (line: string): void => {
    if (this.failed) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      // Blank lines are rare, so they are recognised only once parsing has failed.
      if (line.trim() === '') return;
      this.fail(new JsonDecodeError({ line, cause: error }));
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(new JsonDecodeError({ line }));
      return;
    }
    this.inbound.push(value as InboundMessage);
  };

  private readonly onStdoutData = (chunk: Buffer): void => {
    if (this.failed) return;
    try {
      this.decoder.push(chunk, this.onLine);
    } catch (error) {
      this.fail(error);
    }
  };

  private readonly onStdoutError = (error: Error): void => {
    this.fail(
      new ProcessError({
        message: 'Reading the output of the Claude Code CLI failed',
        stderrTail: this.stderrBuffer.toString(),
        cause: error,
      }),
    );
  };

  private readonly onStderrData = (chunk: Buffer): void => {
    this.stderrSplitter.push(chunk);
  };

  private readonly onStderrLine = (line: string): void => {
    this.stderrBuffer.push(line);
    const callback = this.options.stderr;
    if (callback === undefined) return;
    try {
      const result: unknown = callback(line);
      if (result instanceof Promise) result.catch(ignoreError);
    } catch {
      // A failing log callback must not take the session down.
    }
  };

  private readonly onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
    this.exitStatus ??= { code, signal };
    for (const waiter of this.exitWaiters) waiter();
    this.exitWaiters.clear();
  };

  /** The process has exited and its stdio is closed: every byte of output has been seen. */
  private readonly onClose = (code: number | null, signal: NodeJS.Signals | null): void => {
    this.onExit(code, signal);
    if (!this.failed) {
      try {
        const rest = this.decoder.flush();
        if (rest !== undefined) this.onLine(rest);
      } catch (error) {
        this.fail(error);
      }
    }
    this.stderrSplitter.flush();
    const status = this.exitStatus ?? { code, signal };
    if (!this.failed && !this.closeRequested && (status.code !== 0 || status.signal !== null)) {
      this.finish(
        new ProcessError({
          exitCode: status.code ?? undefined,
          signal: status.signal ?? undefined,
          stderrTail: this.stderrBuffer.toString(),
        }),
      );
    } else {
      this.finish();
    }
    if (this.stopPromise === undefined) {
      this.state = 'closed';
      this.detach();
    }
  };

  private readonly onAbort = (): void => {
    void this.close();
  };
}

/**
 * The default {@link TransportFactory}: a {@link CliTransport} with default settings.
 *
 * @example
 * ```ts
 * container.register(TRANSPORT_FACTORY, { useValue: createCliTransport });
 * ```
 */
export const createCliTransport: TransportFactory = (options) => new CliTransport(options);

function spawnCli(
  execa: typeof Execa,
  command: CliCommand,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string | undefined,
) {
  return execa(command.file, [...command.args, ...args], {
    shell: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    env,
    extendEnv: false,
    ...(cwd === undefined ? {} : { cwd }),
    reject: false,
    buffer: false,
    stripFinalNewline: false,
    encoding: 'buffer',
    // Kill the CLI if this process exits without closing the transport.
    cleanup: true,
    // close() escalates on its own schedule.
    forceKillAfterDelay: false,
    windowsHide: true,
  });
}

type CliSubprocess = ReturnType<typeof spawnCli>;

/** Resolves once the process runs; rejects with `CliNotFoundError` when the OS cannot run it. */
function waitForSpawn(subprocess: CliSubprocess, command: CliCommand): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      subprocess.off('spawn', onSpawn);
      subprocess.off('error', onError);
      if (error === undefined) resolve();
      else reject(spawnError(error, command));
    };
    const onSpawn = (): void => settle();
    const onError = (error: Error): void => settle(error);
    subprocess.once('spawn', onSpawn);
    subprocess.once('error', onError);
    // When spawn() throws synchronously, execa returns a stand-in that emits neither event; its
    // result carries the error instead.
    subprocess.then(
      (result) => settle(result.failed ? (result.cause ?? result) : undefined),
      (error: unknown) => settle(error),
    );
  });
}

function spawnError(error: unknown, command: CliCommand): Error {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR' || code === 'EISDIR') {
    return new CliNotFoundError({
      triedPaths: [command.file],
      message:
        `The Claude Code CLI could not be started: ${JSON.stringify(command.file)} failed with ${code}. ` +
        'Install it with `npm install @anthropic-ai/claude-code`, or pass `pathToClaudeCodeExecutable`.',
      cause: error,
    });
  }
  return new ProcessError({ message: `The Claude Code CLI could not be started: ${String(error)}`, cause: error });
}

function assertDirectory(cwd: string | undefined): void {
  if (cwd === undefined) return;
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    // Reported below.
  }
  if (!isDirectory) {
    throw new InvalidOptionError({ option: 'cwd', message: `${JSON.stringify(cwd)} is not an existing directory` });
  }
}

function positiveSetting(value: number | undefined, fallback: number, name: string, integer = false): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new InvalidOptionError({
      option: name,
      message: `must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`,
    });
  }
  return value;
}

function ignoreError(): void {
  // Deliberately empty: the error is reported elsewhere or is harmless.
}
