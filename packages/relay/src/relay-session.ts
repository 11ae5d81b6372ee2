import { MessageTooLargeError } from '@hexagent/core';
import {
  CliStderr,
  type ExitStatus,
  findClaudeCli,
  LineDecoder,
  type ProcessSupervisor,
  resolveCliCommand,
  startCliCommand,
} from '@hexagent/transport-cli';
import {
  encodeRelayFrame,
  Heartbeat,
  parseRelayFrame,
  RELAY_CLOSE,
  type RelayRefusalReason,
} from '@hexagent/transport-websocket';
import type WebSocket from 'ws';
import { checkHello } from './check-hello.js';
import type { OrphanGuard } from './orphan-guard.js';
import type { ResolvedRelayConfig } from './relay-config.js';

/**
 * One client connection and the CLI it runs: the hello checked, the CLI spawned as the leader of a
 * process group, its stdout split into lines sent as text frames, text frames written to its stdin.
 * Flow control both ways: reading the CLI's stdout pauses while the socket holds more than
 * `highWaterBytes`, reading the socket pauses while the CLI's stdin is full. Whenever the socket
 * closes (the CLI exited, the link dropped, the heartbeat or idle time ran out), the CLI's whole
 * process tree is stopped. The relay's {@link OrphanGuard} knows the CLI's group while it runs.
 */
export class RelaySession {
  private readonly socket: WebSocket;
  private readonly config: ResolvedRelayConfig;
  private readonly decoder: LineDecoder;
  private readonly stderr = new CliStderr({ maxLines: 50, maxBytes: 16 * 1024 }, undefined);
  private readonly heartbeat: Heartbeat;
  private process: ProcessSupervisor | undefined;
  private phase: 'hello' | 'spawning' | 'running' | 'closed' = 'hello';
  private outputPaused = false;
  private spawning: Promise<void> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles once the CLI is gone (or was never started) and the socket is closed. */
  readonly done: Promise<void>;
  private markDone: () => void = () => {};

  constructor(
    socket: WebSocket,
    config: ResolvedRelayConfig,
    private readonly guard?: OrphanGuard,
  ) {
    this.socket = socket;
    this.config = config;
    this.decoder = new LineDecoder(config.maxFrameBytes);
    this.done = new Promise((resolve) => {
      this.markDone = resolve;
    });
    this.heartbeat = new Heartbeat(socket, config.heartbeatIntervalMs, () => socket.terminate());
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onFrame(data, isBinary));
    socket.on('close', () => void this.onSocketClose());
    // ws reports a frame over maxPayload here, then closes with 1009: the close handler stops the CLI.
    socket.on('error', () => {});
    this.touch();
  }

  /** Ends the connection at once (the relay is shutting down); the CLI is stopped. */
  terminate(): void {
    this.socket.terminate();
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.touch();
    if (this.phase === 'hello') {
      this.phase = 'spawning';
      this.spawning = this.spawn(isBinary ? parseRelayFrame(data) : undefined);
      return;
    }
    const stdin = this.process?.stdin;
    if (this.phase !== 'running' || stdin === undefined) return;
    if (isBinary) {
      if (parseRelayFrame(data)?.type === 'relay_end_input') stdin.end();
      return;
    }
    if (stdin.writableEnded) return;
    if (!stdin.write(Buffer.concat([data, NEWLINE]))) {
      this.socket.pause();
      stdin.once('drain', () => this.socket.resume());
    }
  }

  private async spawn(hello: unknown): Promise<void> {
    const accepted = checkHello(hello, this.config);
    if ('reason' in accepted) return this.refuse(accepted.reason, accepted.message, RELAY_CLOSE.refused);
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...this.config.env, ...accepted.env })) {
      if (value !== undefined) env[key] = value;
    }
    try {
      const cliPath = this.config.cliPath ?? findClaudeCli({}, { env });
      this.process = await startCliCommand(
        {
          command: resolveCliCommand(cliPath, {}, env),
          args: accepted.argv,
          env,
          cwd: accepted.cwd,
          processGroup: true,
        },
        {
          stdout: (chunk) => this.onStdout(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
          stdoutError: () => this.socket.terminate(),
          stderr: (chunk) => this.stderr.push(chunk),
          exit: () => {},
          close: (status) => this.onCliClose(status),
        },
      );
    } catch (error) {
      return this.refuse(
        'spawn_failed',
        error instanceof Error ? error.message : String(error),
        RELAY_CLOSE.spawnFailed,
      );
    }
    this.guard?.add(this.process.pid);
    if (this.phase === 'closed') {
      await this.stopCli();
      return;
    }
    this.phase = 'running';
    this.socket.send(encodeRelayFrame({ type: 'relay_ready', pid: this.process.pid ?? -1 }), { binary: true });
  }

  private refuse(reason: RelayRefusalReason, message: string, code: number): void {
    this.socket.send(encodeRelayFrame({ type: 'relay_error', reason, message }), { binary: true });
    this.socket.close(code, reason);
  }

  private onStdout(chunk: Buffer): void {
    this.touch();
    try {
      this.decoder.push(chunk, this.sendLine);
    } catch (error) {
      if (!MessageTooLargeError.isInstance(error)) throw error;
      const limit = this.config.maxFrameBytes;
      this.refuse(
        'frame_too_large',
        `a line of the CLI's output is over this relay's maxFrameBytes (${limit})`,
        RELAY_CLOSE.tooLarge,
      );
      void this.stopCli();
    }
  }

  private readonly sendLine = (line: string): void => {
    if (line.trim() === '') return;
    this.socket.send(line, this.afterSend);
    if (!this.outputPaused && this.socket.bufferedAmount > this.config.highWaterBytes) {
      this.outputPaused = true;
      this.process?.pause();
    }
  };

  private readonly afterSend = (): void => {
    if (this.outputPaused && this.socket.bufferedAmount <= this.config.highWaterBytes / 2) {
      this.outputPaused = false;
      this.process?.resume();
    }
  };

  private onCliClose(status: ExitStatus): void {
    const rest = this.decoder.flush();
    if (rest !== undefined) this.sendLine(rest);
    this.stderr.flush();
    if (this.phase === 'closed') return;
    const exit = {
      type: 'relay_exit' as const,
      code: status.code,
      signal: status.signal,
      stderrTail: this.stderr.tail,
    };
    this.socket.send(encodeRelayFrame(exit), { binary: true });
    this.socket.close(RELAY_CLOSE.normal, 'cli exited');
  }

  private async onSocketClose(): Promise<void> {
    this.phase = 'closed';
    this.heartbeat.stop();
    clearTimeout(this.idleTimer);
    // A spawn under way stops its CLI itself once it sees the session closed.
    await this.spawning;
    await this.stopCli();
    this.markDone();
  }

  /** Stops the CLI's process tree (SIGTERM, then SIGKILL, to its group) and lets go of it. */
  private async stopCli(): Promise<void> {
    const supervisor = this.process;
    if (supervisor === undefined) return;
    supervisor.stdin.end();
    await supervisor.stop(false, this.config.killTimeoutMs);
    supervisor.detach();
    await supervisor.waitUntilReleased(this.config.killTimeoutMs);
    this.guard?.remove(supervisor.pid);
  }

  /** Traffic: the idle time starts over. */
  private touch(): void {
    clearTimeout(this.idleTimer);
    if (this.phase === 'closed') return;
    this.idleTimer = setTimeout(() => {
      this.refuse('idle_timeout', `no traffic for ${this.config.idleTimeoutMs} ms`, RELAY_CLOSE.idle);
    }, this.config.idleTimeoutMs);
    this.idleTimer.unref();
  }
}

const NEWLINE = Buffer.from('\n');
