import {
  type InboundMessage,
  type InboundMessageStream,
  type OutboundMessage,
  onAbort as subscribeToAbort,
  type Transport,
  type TransportLaunch,
  type TransportSink,
} from '@hexagent/core';
import {
  CliStderr,
  createNdjsonInbound,
  type NdjsonReader,
  ResumeConfigDir,
  TransportLifecycle,
} from '@hexagent/transport-kit';
import { brokenPipeError, exitError, processFailedError, readError, sendRefusal } from './cli-transport-errors.js';
import { type CliTransportSettings, resolveCliTransportSettings } from './cli-transport-settings.js';
import { CliTransportStateMachine } from './cli-transport-state.js';
import { CorkedWriter } from './corked-writer.js';
import { noteSkippedLine } from './note-skipped-line.js';
import { type ExitStatus, ProcessSupervisor, type ProcessSupervisorHandlers } from './process-supervisor.js';
import { startCliProcess } from './start-cli-process.js';

/**
 * The `Transport` port over a Claude Code CLI subprocess: one JSON object per line on the CLI's
 * stdin and stdout, stderr kept as diagnostics. It orchestrates small parts: `startCliProcess`
 * (execa, or the `spawnClaudeCodeProcess` option: the same framing, supervision and teardown),
 * {@link ProcessSupervisor} (exit, stopping by escalation, release), {@link NdjsonReader} (stdout
 * to messages), {@link CorkedWriter} (messages to stdin), core's `InboundMessageStream`
 * (`messages()` and `subscribe()`), with its lifecycle in {@link CliTransportStateMachine}.
 *
 * The process runs without a shell from the launch's argv, in its environment and working directory
 * (`buildTransportLaunch` of `@hexagent/transport-kit` builds them once from the session's checked
 * options; this class never looks at options). A fault in the CLI's output (a line that is not a JSON
 * object, a line over `maxMessageBytes`) is thrown from `messages()` after the messages before it,
 * and the process is stopped; an exit the transport did not cause (non-zero code, or a signal) ends
 * `messages()` with a `ProcessError` carrying the tail of stderr. What the `Transport` contract asks
 * of every transport (start once, close once and after start, close before start) is the kit's
 * `TransportLifecycle`; the process's own states are {@link CliTransportStateMachine}'s.
 *
 * A launch resumed from a `sessionStore` carries the transcripts (`resumeTranscripts`): `start()`
 * writes them to a private config dir (the kit's `ResumeConfigDir`), reported as
 * {@link CliTransport.cliConfigDir} and removed once the CLI is gone.
 *
 * @example
 * ```ts
 * const transport = new CliTransport(buildTransportLaunch({ model: 'claude-sonnet-4-5', cwd: '/my/project' }));
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
  private readonly launch: TransportLaunch;
  private readonly closeTimeoutMs: number;
  private readonly lifecycle = new TransportLifecycle('CliTransport');
  private readonly machine = new CliTransportStateMachine();
  private readonly inbound: InboundMessageStream;
  private readonly reader: NdjsonReader;
  private readonly writer = new CorkedWriter();
  private readonly stderr: CliStderr;
  private process: ProcessSupervisor | undefined;
  /** The config directory written for a launch resumed from a store; removed once the CLI is gone. */
  private readonly resumeDir = new ResumeConfigDir();
  /** Takes `onAbort` off the launch's abort signal. */
  private stopListeningForAbort: (() => void) | undefined;
  /**
   * The signal handed to `spawnClaudeCodeProcess` (or to execa as its `cancelSignal`): aborted only
   * when stopping escalates to a kill, after the CLI had its graceful chance to exit.
   */
  private readonly spawnAbort = new AbortController();

  /**
   * @param launch the session's launch: argv, environment, working directory and process hints.
   * @param settings transport settings.
   * @throws InvalidOptionError when a setting is out of range.
   */
  constructor(launch: TransportLaunch, settings: CliTransportSettings = {}) {
    this.launch = launch;
    const resolved = resolveCliTransportSettings(settings);
    this.closeTimeoutMs = resolved.closeTimeoutMs;
    this.stderr = new CliStderr(
      { maxLines: resolved.stderrBufferLines, maxBytes: resolved.stderrBufferBytes },
      launch.stderr,
    );
    ({ inbound: this.inbound, reader: this.reader } = createNdjsonInbound({
      owner: 'CliTransport',
      highWaterMark: resolved.highWaterMark,
      pause: () => this.process?.pause(),
      resume: () => this.process?.resume(),
      close: () => void this.close(),
      sinkError: (error) => this.fail(error),
      maxMessageBytes: launch.maxMessageBytes,
      skipped: noteSkippedLine,
      fault: (error) => this.fail(error),
    }));
  }

  /** True from a successful `start()` until `close()` is called, the CLI exits, or its output is faulty. */
  get isOpen(): boolean {
    return this.machine.state === 'open';
  }

  /** The CLI's process id, once spawned. */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** For a launch resumed from a store, the config dir the CLI resumes in (the mirror maps paths under it), once written. */
  get cliConfigDir(): string | undefined {
    return this.resumeDir.dir;
  }

  /** The last lines the CLI wrote to stderr (bounded). */
  get stderrTail(): string {
    return this.stderr.tail;
  }

  /**
   * Find the CLI and spawn it. Resolves once the process is running.
   *
   * @throws InvalidOptionError for a `cwd` that is not a directory (nothing is spawned).
   * @throws CliNotFoundError (a `TransportStartError`) when the CLI is missing or not executable, at once.
   * @throws ProcessError when the OS refuses to spawn it for another reason.
   * @throws AbortError when the launch's signal is already aborted.
   * @throws the file system's error when the config directory of a resumed session cannot be written.
   * @throws TransportStartError when called a second time; TransportClosedError after `close()`.
   */
  start(): Promise<void> {
    return this.lifecycle.start(() => {
      this.machine.apply('start');
      return this.spawn();
    });
  }

  /**
   * The CLI's messages, one parsed JSON object per line, in order. Blank lines are skipped, and so
   * is a line that is not a JSON object (a process warning notes the first). Ends
   * when the CLI closes its output or the transport is closed; leaving the loop early closes the
   * transport. May be called once.
   *
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
   * @throws TransportInputClosedError before `start()` resolved, after `endInput()` or `close()`,
   *   and after a fault.
   * @throws ProcessError when the CLI stopped reading on its own (it exited, or a broken pipe).
   */
  send(message: OutboundMessage): Promise<void> {
    if (this.machine.state !== 'open' || !this.writer.isWritable) {
      const exitStatus = this.process?.exitStatus;
      return Promise.reject(
        sendRefusal({
          state: this.machine.state,
          inputEnded: this.writer.isEnded,
          exitedOnItsOwn: !this.lifecycle.isClosing && exitStatus !== undefined,
          exitStatus,
          stderrTail: this.stderrTail,
        }),
      );
    }
    // A broken pipe mostly means the CLI is exiting: let the error carry how it ended.
    return this.writer.writeMessage(message, (error) => brokenPipeError(this.process, () => this.stderrTail, error));
  }

  /** Close the CLI's input (EOF), so it finishes its work and exits. Idempotent. */
  endInput(): void {
    this.writer.end();
  }

  /**
   * Stop the CLI and release everything: close its input, wait for it to exit, then SIGTERM, then
   * SIGKILL, each step bounded by `closeTimeoutMs`. Resolves once the process is gone and its exit
   * hook (the process-wide handler that kills it if this process exits) is removed; afterwards
   * `isOpen` is false and `messages()` ends without error. Idempotent; never rejects.
   */
  close(): Promise<void> {
    this.machine.apply('close');
    return this.lifecycle.close(() => this.stop(true));
  }

  private async spawn(): Promise<void> {
    let supervisor: ProcessSupervisor | undefined;
    try {
      // Without transcripts the spawn stays synchronous in start(), as the official SDK calls `spawnClaudeCodeProcess`.
      const launch =
        this.launch.resumeTranscripts === undefined ? this.launch : await this.resumeDir.launchFor(this.launch);
      const spawned = await startCliProcess(launch, this.spawnAbort.signal);
      const handlers = spawned.errorsAreFatal
        ? { ...this.processHandlers, error: this.onProcessError }
        : this.processHandlers;
      supervisor = new ProcessSupervisor(spawned.process, handlers, spawned.released);
      this.process = supervisor;
      await spawned.started;
    } catch (error) {
      this.machine.apply('spawnFailed');
      supervisor?.detach();
      this.inbound.end(error);
      await this.resumeDir.remove();
      throw error;
    }
    this.machine.apply('spawned');
    this.lifecycle.opened();
    if (supervisor.exitStatus !== undefined) this.machine.apply('exited');
    this.writer.attach(supervisor.stdin);
    const signal = this.launch.signal;
    if (signal !== undefined) {
      // One listener on the signal however many transports share it (no MaxListeners warning).
      this.stopListeningForAbort = subscribeToAbort(signal, this.onAbort);
      if (signal.aborted) void this.close();
    }
  }

  /** Stops the CLI (after `close()`, gracefully; after a fault, at once) and releases it, once `start()` settled. */
  private async stop(graceful: boolean): Promise<void> {
    const supervisor = this.process;
    if (supervisor !== undefined && !supervisor.isDetached) {
      this.writer.end();
      await supervisor.stop(graceful, this.closeTimeoutMs, () => this.spawnAbort.abort());
    }
    this.machine.apply('stopped');
    this.inbound.end();
    this.release();
    await supervisor?.waitUntilReleased(this.closeTimeoutMs);
    await this.resumeDir.remove();
  }

  /** Lets go of the process's streams and listeners, and of the abort signal. */
  private release(): void {
    this.process?.detach();
    this.stopListeningForAbort?.();
    this.stopListeningForAbort = undefined;
  }

  /** Stop on a fatal fault: the consumer sees `error` after the messages before it. */
  private fail(error: unknown): void {
    if (!this.machine.apply('fault')) return;
    this.reader.stop();
    this.inbound.end(error);
    void this.lifecycle.close(() => this.stop(false));
  }

  private readonly processHandlers: ProcessSupervisorHandlers = {
    stdout: (chunk) => this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
    stdoutError: (error) => this.fail(readError(error, this.stderrTail)),
    stderr: (chunk) => this.stderr.push(chunk),
    exit: () => this.machine.apply('exited'),
    close: (status) => this.onProcessClose(status),
  };

  /** The process has exited and its stdio is closed: every byte of output has been seen. */
  private onProcessClose(status: ExitStatus): void {
    this.reader.end();
    this.stderr.flush();
    const failed = status.code !== 0 || status.signal !== null;
    this.inbound.end(failed && !this.machine.isStopping ? exitError(status, this.stderrTail) : undefined);
    if (!this.lifecycle.isClosing) {
      this.lifecycle.ended();
      this.machine.apply('drained');
      this.release();
    }
  }

  /** An error a custom process reports once running: it is no longer usable. */
  private readonly onProcessError = (error: Error): void => {
    this.fail(processFailedError(error, this.stderrTail));
  };

  private readonly onAbort = (): void => {
    void this.close();
  };
}
