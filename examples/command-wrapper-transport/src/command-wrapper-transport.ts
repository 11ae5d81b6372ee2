import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  AbortError,
  type InboundMessage,
  type InboundMessageStream,
  InvalidOptionError,
  type OutboundMessage,
  onAbort,
  type Transport,
  TransportClosedError,
  TransportInputClosedError,
  type TransportLaunch,
  type TransportSink,
} from '@hexagent/core';
import {
  CliStderr,
  createNdjsonInbound,
  encodeEnvForStdin,
  LinkLostError,
  type NdjsonReader,
  ProcessError,
  spawnFailure,
  stopChildProcess,
  TransportLifecycle,
} from '@hexagent/transport-kit';
import { farSideCommand, linkFailureExitCode, throughWrapper } from './far-side-command.js';
import { type FarSideRunner, removeFarSideDir, uploadResume } from './far-side-resume.js';
import { checkFarSideVersion } from './far-side-version.js';
import { noteSkippedLine } from './note-skipped-line.js';
import { runOnFarSide } from './run-on-far-side.js';

/** Where and how {@link CommandWrapperTransport} reaches the CLI. */
export interface CommandWrapperSettings {
  /**
   * The command that runs its arguments on the far side: `['ssh', '-T', 'build-box']`,
   * `['docker', 'exec', '-i', 'box']`, `['env']` (this machine: what the tests use).
   */
  wrapper: readonly string[];
  /** The wrapper hands its arguments to a shell on the far side as one line (ssh does): quote them. */
  remoteShell?: boolean;
  /** The CLI's command on the far side; default `claude`. */
  cli?: string;
  /** The wrapper's own environment (what it needs to reach the far side); default this process's. */
  wrapperEnv?: Readonly<Record<string, string | undefined>>;
  /** Each step of `close()` (end of input, SIGTERM, SIGKILL) waits this long, in ms; default 2 000. */
  closeTimeoutMs?: number;
  /** Ask the far side for the CLI's version before the first start, and refuse an old one; default true. */
  checkVersion?: boolean;
  /**
   * The wrapper's exit code that means its link failed (ssh's 255): a start then fails with the
   * kit's `LinkUnreachableError`, a run ends with its `LinkLostError`. Default 255 for `ssh`, else none.
   */
  linkFailureExitCode?: number;
}

/**
 * The `Transport` port over a CLI that a command wrapper runs elsewhere (ssh, `docker exec`, or
 * `env` on this machine): the wrapper's stdin and stdout carry the stream-json lines, as a local
 * CLI's would. The launch's environment for a far side (`remoteEnv`) goes over stdin before the
 * first message, never on a command line; a watchdog shell on the far side runs the CLI and stops
 * all it started when the link drops. A session resumed from a store (the launch's `resumeTranscripts`) is
 * taken to a config directory of its own on the far side ({@link CommandWrapperTransport.cliConfigDir}).
 */
export class CommandWrapperTransport implements Transport {
  /** The version of the `Transport` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  private readonly launch: TransportLaunch;
  private readonly settings: CommandWrapperSettings;
  private readonly inbound: InboundMessageStream;
  private readonly reader: NdjsonReader;
  /** The kit's start/close lifecycle: start once, close once, close before start. */
  private readonly lifecycle = new TransportLifecycle('CommandWrapperTransport');
  private readonly stderr: CliStderr;
  private child: ChildProcessWithoutNullStreams | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopListeningForAbort: (() => void) | undefined;
  private farConfigDir: Promise<void> | undefined;
  /** The CLI's config directory on the far side when it resumes a session from a store, once started. */
  cliConfigDir: string | undefined;

  /** @throws InvalidOptionError for a launch that chooses the local process: the far side picks its CLI. */
  constructor(launch: TransportLaunch, settings: CommandWrapperSettings) {
    if (launch.localProcessOption !== undefined) {
      throw new InvalidOptionError({
        option: launch.localProcessOption,
        message: 'chooses the local CLI process; through a command wrapper the far side runs its own CLI',
      });
    }
    if (settings.wrapper.length === 0) {
      throw new InvalidOptionError({ option: 'wrapper', message: 'must name a command' });
    }
    this.launch = launch;
    this.settings = settings;
    // The kit splits stderr into lines for the user's callback and keeps a bounded tail for errors.
    this.stderr = new CliStderr({ maxLines: 100, maxBytes: 8192 }, launch.stderr);
    // The kit's inbound side: messages queued for one reader, the wrapper's stdout paused while it lags.
    ({ inbound: this.inbound, reader: this.reader } = createNdjsonInbound({
      owner: 'CommandWrapperTransport',
      highWaterMark: 1024,
      pause: () => this.child?.stdout.pause(),
      resume: () => this.child?.stdout.resume(),
      close: () => void this.close(),
      sinkError: (error) => this.fail(error),
      maxMessageBytes: launch.maxMessageBytes,
      skipped: noteSkippedLine,
      fault: (error) => this.fail(error),
    }));
  }

  /** True from a successful `start()` until `close()`, the wrapper's exit or a fault. */
  get isOpen(): boolean {
    return this.lifecycle.isOpen;
  }

  /**
   * Checks the far side's CLI version (once per far side), starts the wrapper and writes the
   * environment; resolves once the wrapper runs, so messages can be sent.
   *
   * @throws CommandNotFoundError when the wrapper itself cannot be run here.
   * @throws UnsupportedCliVersionError when the far side's CLI is too old.
   */
  start(): Promise<void> {
    return this.lifecycle.start(() =>
      this.spawn().catch((error: unknown) => {
        this.inbound.end(error);
        throw error;
      }),
    );
  }

  /** Inbound messages in order; ends when the CLI exits, or with the error that ended it. */
  messages(): AsyncIterable<InboundMessage> {
    return this.inbound.messages();
  }

  /** Push mode: the same messages to `sink`, synchronously, then one `end`. */
  subscribe(sink: TransportSink): void {
    this.inbound.subscribe(sink);
  }

  /**
   * Writes one message as a line; resolves once it is handed to the OS.
   *
   * @throws TransportInputClosedError before `start()`, after `endInput()` or `close()`.
   * @throws ProcessError when the wrapper stopped reading (it exited).
   */
  send(message: OutboundMessage): Promise<void> {
    const stdin = this.child?.stdin;
    const refusal = this.lifecycle.sendRefusal();
    if (refusal !== undefined || stdin === undefined || !stdin.writable) {
      return Promise.reject(refusal ?? new TransportInputClosedError());
    }
    let line: string;
    try {
      line = `${JSON.stringify(message)}\n`;
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      stdin.write(line, (error) => (error ? reject(this.processError(error)) : resolve()));
    });
  }

  /** Ends the CLI's input (EOF). Never throws. */
  endInput(): void {
    if (this.lifecycle.endInput()) this.child?.stdin.end();
  }

  /**
   * Ends the input, waits for the wrapper to exit, then SIGTERM, then SIGKILL, each step bounded;
   * then removes the far side's config directory of a resumed session. The far side's watchdog
   * stops what the CLI started once the wrapper is gone (see docs/contributing-a-transport.md).
   * Idempotent.
   */
  close(): Promise<void> {
    return this.lifecycle.close(() => this.stop());
  }

  private async spawn(): Promise<void> {
    const { cli = 'claude', checkVersion = true } = this.settings;
    const env = this.settings.wrapperEnv ?? process.env;
    if (checkVersion) await checkFarSideVersion(this.settings, cli, env);
    const remoteEnv: Record<string, string> = { ...this.launch.remoteEnv };
    const transcripts = this.launch.resumeTranscripts;
    if (transcripts !== undefined) {
      this.cliConfigDir = await uploadResume(this.runOnFarSide, transcripts, remoteEnv);
      remoteEnv['CLAUDE_CONFIG_DIR'] = this.cliConfigDir;
    }
    if (this.launch.signal?.aborted) throw new AbortError({ message: 'The query was aborted before the CLI started' });
    if (this.lifecycle.state !== 'starting') throw new TransportClosedError({ message: 'closed while starting' });
    const [file, ...args] = throughWrapper(this.settings, farSideCommand(this.launch, cli, randomUUID()));
    const child = spawn(file as string, args, { stdio: 'pipe', env });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('close', (code, signal) => resolve(this.onExit(code, signal))));
    child.stdout.on('data', (chunk: Buffer) => this.reader.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.stdin.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(spawnFailure(error, file as string, 'wrapper')));
    });
    // The environment first: the far side's shell reads it before it starts the CLI.
    await new Promise<void>((resolve, reject) =>
      child.stdin.write(encodeEnvForStdin(remoteEnv), (error) => (error ? reject(error) : resolve())),
    );
    if (!this.lifecycle.opened()) return;
    const signal = this.launch.signal;
    if (signal !== undefined) this.stopListeningForAbort = onAbort(signal, () => void this.close());
  }

  private readonly runOnFarSide: FarSideRunner = (command, input) =>
    runOnFarSide(
      throughWrapper(this.settings, command),
      this.settings.wrapperEnv ?? process.env,
      30_000,
      input,
      linkFailureExitCode(this.settings),
    );

  /** Removes the far side's config directory of a resumed session, once; never throws. */
  private removeFarConfigDir(): Promise<void> {
    const dir = this.cliConfigDir;
    this.farConfigDir ??= dir === undefined ? Promise.resolve() : removeFarSideDir(this.runOnFarSide, dir);
    return this.farConfigDir;
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.reader.end();
    this.stderr.flush();
    this.lifecycle.ended();
    const failed = code !== 0 || signal !== null;
    this.inbound.end(failed && !this.lifecycle.isClosing ? this.exitError(code, signal) : undefined);
    this.stopListeningForAbort?.();
    void this.removeFarConfigDir();
  }

  /** The wrapper exited while the run went on: its link failed (a `LinkLostError`), or the CLI did. */
  private exitError(code: number | null, signal: NodeJS.Signals | null): Error {
    if (code !== null && code === linkFailureExitCode(this.settings)) {
      const said = this.stderr.tail.trim().split('\n').pop() ?? '';
      return new LinkLostError({ peer: 'far side', closeReason: said, cause: this.processError(undefined, code) });
    }
    return this.processError(undefined, code, signal);
  }

  private processError(cause?: unknown, code?: number | null, signal?: string | null): ProcessError {
    return new ProcessError({
      exitCode: code ?? this.child?.exitCode ?? undefined,
      signal: signal ?? this.child?.signalCode ?? undefined,
      stderrTail: this.stderr.tail,
      cause,
    });
  }

  private fail(error: unknown): void {
    if (this.lifecycle.state === 'closed') return;
    this.reader.stop();
    this.inbound.end(error);
    void this.close();
  }

  private async stop(): Promise<void> {
    // The kit's close: end of input, then SIGTERM, then SIGKILL, each step bounded.
    if (this.child !== undefined) await stopChildProcess(this.child, this.exited, this.settings.closeTimeoutMs ?? 2000);
    await this.removeFarConfigDir();
    this.inbound.end();
    this.stopListeningForAbort?.();
  }
}
