import {
  type ExitStatus,
  findClaudeCli,
  type ProcessSupervisor,
  resolveCliCommand,
  startCliCommand,
} from '@hexagent/transport-cli';
import {
  CliStderr,
  cliConfigDirFor,
  encodeRelayFrame,
  Heartbeat,
  type ProcessGuardian,
  parseRelayFrame,
  RELAY_CLOSE,
  type RelayRefusalReason,
  removeResumeConfigDir,
  writeResumeConfigDir,
} from '@hexagent/transport-kit';
import type WebSocket from 'ws';
import { buildRelayCliEnv } from './build-relay-cli-env.js';
import { checkHello } from './check-hello.js';
import { CliOutput } from './cli-output.js';
import { ClientInput } from './client-input.js';
import type { CliProcessTree } from './process-tree/cli-process-tree.js';
import { launchCommand } from './process-tree/launch-command.js';
import { launchFailureOf, spawnFailureOf } from './process-tree/launch-failure.js';
import type { ProcessTreeTracker } from './process-tree/process-tree-tracker.js';
import type { ResolvedRelayConfig } from './relay-config.js';
import { SessionDeadlines } from './session-deadlines.js';

/** What a {@link RelaySession} shares with its relay. */
export interface RelaySessionContext {
  /** Kills the CLIs' trees should the relay die (SIGKILL). */
  guard?: ProcessGuardian;
  /** How the CLIs' process trees are found. */
  tracker?: ProcessTreeTracker;
  /** The relay's runtime directory: the config directories of resumed sessions go below it. */
  runtimeDir?: string;
  /** Every token the relay accepts now: none may reach the CLI's environment. */
  tokens: () => readonly string[];
}

/**
 * One client connection and the CLI it runs: the hello checked, the CLI started through the
 * launcher (in its own cgroup when the relay tracks by cgroup, in the checked directory or not at
 * all) as the leader of a process group, its stdout split into lines sent as text frames, text
 * frames screened line by line before its stdin ({@link ClientInput}). Flow control both ways:
 * reading the CLI's stdout pauses while the socket holds more than `highWaterBytes`, reading the
 * socket pauses while the CLI's stdin is full. When the CLI exits, whatever it left running is
 * killed; whenever the socket closes (the CLI exited, the link dropped, the heartbeat, hello or idle
 * time ran out) the CLI's whole process tree is stopped, and a tree that cannot be emptied is
 * reported (`containment_failed`). When the relay gives up on a client it closes the socket and
 * drops it `closeTimeoutMs` later if the client has not answered. The relay's guardian (the kit's
 * `ProcessGuardian`) lists the CLI while it runs.
 */
export class RelaySession {
  private readonly socket: WebSocket;
  private readonly config: ResolvedRelayConfig;
  private readonly stderr = new CliStderr({ maxLines: 50, maxBytes: 16 * 1024 }, undefined);
  private readonly heartbeat: Heartbeat;
  private process: ProcessSupervisor | undefined;
  private tree: CliProcessTree | undefined;
  /** The CLI's config directory: its own, or one made for this connection's resumed session. */
  private configDir: string | undefined;
  /** A config directory made for a resumed session, removed once the CLI is gone. */
  private resumeDir: string | undefined;
  private phase: 'hello' | 'spawning' | 'running' | 'closed' = 'hello';
  private readonly output: CliOutput;
  private spawning: Promise<void> | undefined;
  private readonly deadlines: SessionDeadlines;
  private readonly input: ClientInput;
  private readonly guard: ProcessGuardian | undefined;
  private unguard: () => void = () => {};
  private readonly tracker: ProcessTreeTracker | undefined;
  /** Settles once the CLI is gone (or was never started) and the socket is closed. */
  readonly done: Promise<void>;
  private markDone: () => void = () => {};

  constructor(
    socket: WebSocket,
    config: ResolvedRelayConfig,
    private readonly context: RelaySessionContext,
  ) {
    this.socket = socket;
    this.config = config;
    this.guard = context.guard;
    this.tracker = context.tracker;
    this.input = new ClientInput(config, {
      write: (text) => {
        const stdin = this.process?.stdin;
        return stdin === undefined || stdin.writableEnded || stdin.write(text);
      },
      onceDrained: (drained) => this.process?.stdin.once('drain', drained),
      endInput: () => this.process?.stdin.end(),
      answer: (text) => this.socket.send(text),
      end: (reason, message) => {
        this.refuse(reason, message, RELAY_CLOSE.refused);
        void this.stopCli();
      },
      pause: () => this.socket.pause(),
      resume: () => this.socket.resume(),
      cliPid: () => this.process?.pid,
    });
    this.output = new CliOutput(config.maxFrameBytes, config.highWaterBytes, {
      launched: (rest) => this.onLaunched(rest),
      fail: (reason, message, code) => {
        this.refuse(reason, message, code);
        void this.stopCli();
      },
      accept: (line) => this.input.onCliLine(line),
      send: (line, sent) => this.socket.send(line, sent),
      bufferedAmount: () => this.socket.bufferedAmount,
      pause: () => this.process?.pause(),
      resume: () => this.process?.resume(),
    });
    this.done = new Promise((resolve) => {
      this.markDone = resolve;
    });
    this.heartbeat = new Heartbeat(socket, config.heartbeatIntervalMs, () => socket.terminate());
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onFrame(data, isBinary));
    socket.on('close', () => void this.onSocketClose());
    // ws reports a frame over maxPayload here, then closes with 1009: the close handler stops the CLI.
    socket.on('error', () => {});
    this.deadlines = new SessionDeadlines(config, {
      helloTimeout: () => {
        if (this.phase !== 'hello') return;
        this.refuse('hello_timeout', `no hello within ${config.handshakeTimeoutMs} ms`, RELAY_CLOSE.idle);
      },
      idle: () => this.refuse('idle_timeout', `no traffic for ${config.idleTimeoutMs} ms`, RELAY_CLOSE.idle),
    });
  }

  /** Ends the connection at once (the relay is shutting down); the CLI is stopped. */
  terminate(): void {
    this.socket.terminate();
  }

  /** The token this connection authenticated with was retired: the connection ends, the CLI is stopped. */
  revoke(): void {
    if (this.phase === 'closed') return;
    this.refuse('token_revoked', 'the token this connection used was replaced', RELAY_CLOSE.revoked);
    void this.stopCli();
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.deadlines.touch();
    if (this.phase === 'hello') {
      this.phase = 'spawning';
      this.deadlines.helloReceived();
      this.spawning = this.spawn(isBinary ? parseRelayFrame(data) : undefined);
      return;
    }
    if (this.phase !== 'running' || this.process === undefined) return;
    this.input.push(data, isBinary);
  }

  private async spawn(hello: unknown): Promise<void> {
    const accepted = checkHello(hello, this.config);
    if ('reason' in accepted) return this.refuse(accepted.reason, accepted.message, RELAY_CLOSE.refused);
    const tree = this.tracker?.newTree();
    this.tree = tree;
    const tokens = this.context.tokens();
    const env = buildRelayCliEnv({ ...this.config, tokens }, accepted.env, process.env, tree?.env);
    try {
      if (accepted.resume !== undefined) {
        this.resumeDir = await writeResumeConfigDir({ files: accepted.resume }, env, {
          parent: this.context.runtimeDir,
          prefix: 'hexagent-relay-resume-',
        });
        env.CLAUDE_CONFIG_DIR = this.resumeDir;
      }
      this.configDir = cliConfigDirFor(env);
      const cliPath = this.config.cliPath ?? findClaudeCli({}, { env });
      this.process = await startCliCommand(
        {
          command: launchCommand(resolveCliCommand(cliPath, {}, env), tree?.joinFile, accepted.cwd),
          args: accepted.argv,
          env,
          cwd: accepted.cwd,
          processGroup: true,
        },
        {
          stdout: (chunk) => this.onStdout(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
          stdoutError: () => this.socket.terminate(),
          stderr: (chunk) => this.stderr.push(chunk),
          exit: () => void this.killTree(this.process?.pid),
          close: (status) => this.onCliClose(status),
        },
      );
    } catch (error) {
      await tree?.release(this.config.killTimeoutMs);
      await this.removeResumeDir();
      const failure = spawnFailureOf(error);
      return this.refuse(failure.reason, failure.message, failure.code);
    }
    this.unguard = this.guard?.guard(this.process.pid) ?? this.unguard;
    if (this.phase === 'closed') await this.stopCli();
  }

  /** The launcher's line came: the CLI runs, in the checked directory (and its cgroup). */
  private onLaunched(rest: Buffer): void {
    if (this.phase !== 'spawning') return;
    this.phase = 'running';
    const ready = { type: 'relay_ready' as const, pid: this.process?.pid ?? -1 };
    this.socket.send(encodeRelayFrame(this.configDir === undefined ? ready : { ...ready, configDir: this.configDir }), {
      binary: true,
    });
    if (rest.length > 0) this.output.push(rest);
  }

  private refuse(reason: RelayRefusalReason, message: string, code: number): void {
    this.socket.send(encodeRelayFrame({ type: 'relay_error', reason, message }), { binary: true });
    this.closeSocket(code, reason);
  }

  /** Closes the socket; one whose client does not answer the close within `closeTimeoutMs` is dropped. */
  private closeSocket(code: number, reason: string): void {
    this.socket.close(code, reason);
    setTimeout(() => this.socket.terminate(), this.config.closeTimeoutMs).unref();
  }

  private onStdout(chunk: Buffer): void {
    this.deadlines.touch();
    this.output.push(chunk);
  }

  private onCliClose(status: ExitStatus): void {
    if (this.output.launching) {
      this.onLaunchFailed(status);
      return;
    }
    this.output.flush();
    this.stderr.flush();
    if (this.phase === 'closed') return;
    const exit = {
      type: 'relay_exit' as const,
      code: status.code,
      signal: status.signal,
      stderrTail: this.stderr.tail,
    };
    this.socket.send(encodeRelayFrame(exit), { binary: true });
    this.closeSocket(RELAY_CLOSE.normal, 'cli exited');
  }

  /** The launcher exited before the CLI ran: the cwd changed, the cgroup or the CLI could not be used. */
  private onLaunchFailed(status: ExitStatus): void {
    if (this.phase === 'closed') return;
    const failure = launchFailureOf(status, this.config.cliPath);
    this.refuse(failure.reason, failure.message, failure.code);
  }

  private async onSocketClose(): Promise<void> {
    this.phase = 'closed';
    this.heartbeat.stop();
    this.deadlines.stop();
    // A spawn under way stops its CLI itself once it sees the session closed.
    await this.spawning;
    await this.stopCli();
    await this.removeResumeDir();
    this.markDone();
  }

  private async removeResumeDir(): Promise<void> {
    const dir = this.resumeDir;
    this.resumeDir = undefined;
    if (dir !== undefined) await removeResumeConfigDir(dir);
  }

  /**
   * Stops the CLI (end of input, SIGTERM, then SIGKILL, to its group), then kills whatever of its
   * tree is left (sessions of its own, orphans) and lets go of it.
   */
  private async stopCli(): Promise<void> {
    const supervisor = this.process;
    if (supervisor === undefined) return;
    supervisor.stdin.end();
    await supervisor.stop(false, this.config.killTimeoutMs);
    await this.killTree(supervisor.pid);
    supervisor.detach();
    await supervisor.waitUntilReleased(this.config.killTimeoutMs);
    this.unguard();
    await this.tree?.release(this.config.killTimeoutMs);
  }

  /**
   * Kills the CLI's tree until it is empty; when it cannot be emptied within `killTimeoutMs`, the
   * operator is told (`containment_failed`), and the client too if it is still there.
   */
  private async killTree(pid: number | undefined): Promise<void> {
    const failure = await this.tree?.contain(pid, this.config.killTimeoutMs);
    if (failure === undefined) return;
    this.config.onEvent(failure);
    if (this.socket.readyState === this.socket.OPEN) {
      const message = `${failure.left.length} process(es) of the CLI's tree could not be stopped`;
      this.refuse('containment_failed', message, RELAY_CLOSE.spawnFailed);
    }
  }
}
