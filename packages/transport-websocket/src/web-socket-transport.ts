import {
  AbortError,
  type InboundMessage,
  type InboundMessageStream,
  JsonDecodeError,
  type OutboundMessage,
  onAbort,
  type Transport,
  TransportInputClosedError,
  type TransportLaunch,
  type TransportSink,
  TransportStartError,
} from '@hexagent/core';
import {
  buildRelayHello,
  createInboundStream,
  encodeRelayFrame,
  Heartbeat,
  parseRelayFrame,
  type RelayExit,
  type RelayHello,
  TransportLifecycle,
} from '@hexagent/transport-kit';
import type WebSocket from 'ws';
import { connectToRelay } from './connect-to-relay.js';

import { RelayConnectionLostError } from './relay-connection-lost-error.js';
import { relayExitError } from './relay-exit-error.js';
import { RelayRefusedError } from './relay-refused-error.js';
import { SocketClosed } from './socket-closed.js';
import {
  type ResolvedWebSocketTransportSettings,
  resolveWebSocketTransportSettings,
  type WebSocketTransportSettings,
} from './web-socket-transport-settings.js';

/**
 * The `Transport` port over a WebSocket to a `@hexagent/relay`, which runs the Claude Code CLI on
 * its own host: the launch's argv and its environment for a CLI elsewhere (`remoteEnv`: the explicitly given
 * variables and the SDK's own) travel in the hello (`buildRelayHello` of the transport kit), then every stream-json message is one text frame. The control protocol runs here, in
 * the client, so in-process MCP tools, hooks and `canUseTool` work unchanged.
 *
 * Flow control: reading from the socket pauses while `highWaterMark` messages wait for the reader
 * (the relay then stops reading the CLI's stdout); `send()` resolves once the frame is written to
 * the socket. A ping every `heartbeatIntervalMs` detects a dead link. A link that drops before the
 * CLI exited ends `messages()` with a {@link RelayConnectionLostError} (the relay kills the CLI's
 * process tree); a CLI that exits with a failure ends it with a `ProcessError`, as `CliTransport` does.
 *
 * A session resumed from a `sessionStore` sends its transcripts (the launch's `resumeTranscripts`,
 * as loaded; nothing is written on this machine) in the hello; the relay resumes it from a config directory of the connection's own and reports where
 * its CLI keeps its transcripts ({@link WebSocketTransport.cliConfigDir}), so the store's mirror
 * maps what that CLI writes.
 */
export class WebSocketTransport implements Transport {
  /** The version of the `Transport` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  private readonly signal: AbortSignal | undefined;
  private readonly settings: ResolvedWebSocketTransportSettings;
  private readonly hello: RelayHello;
  private readonly inbound: InboundMessageStream;
  private readonly lifecycle = new TransportLifecycle('WebSocketTransport');
  private socket: WebSocket | undefined;
  private heartbeat: Heartbeat | undefined;
  private exit: RelayExit | undefined;
  private lost: RelayConnectionLostError | undefined;
  private refusal: RelayRefusedError | undefined;
  /** What the relay's last `relay_error` frame said (a refusal, or why it ended a running session). */
  private relayErrorMessage: string | undefined;
  private settleStart: ((error?: Error) => void) | undefined;
  private readonly socketClosed = new SocketClosed();
  private stopListeningForAbort: (() => void) | undefined;
  /** The CLI's process id on the relay's host, once it runs. */
  remotePid: number | undefined;
  /** The CLI's config directory on the relay's host, once it runs (from a relay that says). */
  cliConfigDir: string | undefined;

  /**
   * @param launch the session's launch; it must be vanilla (the relay's operator picks the CLI).
   * @param settings where and how to reach the relay.
   * @throws InvalidOptionError for a bad setting, or a launch with an option that chooses the local
   *   process (`pathToClaudeCodeExecutable`, ...): nothing is connected.
   */
  constructor(launch: TransportLaunch, settings: WebSocketTransportSettings) {
    this.settings = resolveWebSocketTransportSettings(settings);
    this.hello = buildRelayHello(launch);
    // A session resumed from a store: its transcripts, as loaded, travel in the hello.
    if (launch.resumeTranscripts !== undefined) this.hello.resume = { files: [...launch.resumeTranscripts.files] };
    this.signal = launch.signal;
    this.inbound = createInboundStream({
      owner: 'WebSocketTransport',
      highWaterMark: this.settings.highWaterMark,
      pause: () => this.socket?.pause(),
      resume: () => this.socket?.resume(),
      close: () => void this.close(),
      sinkError: () => this.socket?.terminate(),
    });
  }

  /** True from a successful `start()` until `close()`, the CLI's exit or the loss of the link. */
  get isOpen(): boolean {
    return this.lifecycle.isOpen;
  }

  /**
   * Connect, send the hello and wait until the relay runs the CLI.
   *
   * @throws RelayRefusedError (a `TransportStartError`) when the relay refuses: the token, its
   *   capacity, or a flag, variable or directory its operator does not allow.
   * @throws TransportStartError when the relay cannot be reached or the link breaks meanwhile.
   */
  start(): Promise<void> {
    return this.lifecycle.start(async () => {
      if (this.signal?.aborted) {
        this.inbound.end();
        throw new AbortError({ message: 'The query was aborted before the CLI started' });
      }
      await this.connect();
    });
  }

  private connect(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => this.onStartFailed(new TransportStartError({ message: 'The relay did not answer in time' })),
        this.settings.connectTimeoutMs,
      );
      this.settleStart = (error) => {
        clearTimeout(timer);
        this.settleStart = undefined;
        if (error === undefined) resolve();
        else reject(error);
      };
      const socket = connectToRelay(this.settings, this.hello, (error) => this.onStartFailed(error));
      this.socket = socket;
      socket.on('message', (data: Buffer, isBinary: boolean) => this.onFrame(data, isBinary));
      socket.on('close', (code: number, reason: Buffer) => this.onSocketClose(code, reason.toString('utf8')));
    });
  }

  /** Inbound messages in order; ends when the CLI exits, or with the error that ended the link. */
  messages(): AsyncIterable<InboundMessage> {
    return this.inbound.messages();
  }

  /** Push mode: the same messages to `sink`, synchronously, then one `end`. */
  subscribe(sink: TransportSink): void {
    this.inbound.subscribe(sink);
  }

  /**
   * Send one message as a text frame; resolves once it is written to the socket.
   *
   * @throws TransportInputClosedError before `start()` resolved, after `endInput()` or `close()`.
   * @throws RelayConnectionLostError when the link was lost; ProcessError when the CLI exited.
   */
  send(message: OutboundMessage): Promise<void> {
    const socket = this.socket;
    if (this.lifecycle.sendRefusal() !== undefined || socket === undefined) {
      return Promise.reject(this.lost ?? relayExitError(this.exit) ?? new TransportInputClosedError());
    }
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<void>((resolve, reject) => {
      socket.send(text, (error) => {
        if (error === undefined || error === null) resolve();
        else reject(this.lost ?? new RelayConnectionLostError({ closeCode: 1006, cause: error }));
      });
    });
  }

  /** End the CLI's input (EOF) through the relay. Never throws. */
  endInput(): void {
    if (this.lifecycle.endInput() && this.lifecycle.isOpen) this.sendEndInput();
  }

  /**
   * End the CLI's input, wait up to `closeTimeoutMs` for it to exit and the relay to close the
   * socket, then close it from here (the relay stops the CLI's process tree). Idempotent; never rejects.
   */
  close(): Promise<void> {
    return this.lifecycle.close((wasOpen) => this.stop(wasOpen));
  }

  private async stop(wasOpen: boolean): Promise<void> {
    const socket = this.socket;
    if (socket !== undefined && socket.readyState !== socket.CLOSED) {
      if (wasOpen && socket.readyState === socket.OPEN) {
        if (this.lifecycle.endInput()) this.sendEndInput();
        if (await this.socketClosed.within(this.settings.closeTimeoutMs)) return this.finish();
      }
      socket.close(1000, 'client closed');
      if (!(await this.socketClosed.within(this.settings.closeTimeoutMs))) socket.terminate();
    }
    this.finish();
  }

  private finish(): void {
    this.heartbeat?.stop();
    this.inbound.end();
    this.stopListeningForAbort?.();
  }

  private sendEndInput(): void {
    this.socket?.send(encodeRelayFrame({ type: 'relay_end_input' }), { binary: true });
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    if (!isBinary) {
      const text = data.toString('utf8');
      let message: InboundMessage;
      try {
        message = JSON.parse(text) as InboundMessage;
      } catch (error) {
        this.inbound.end(new JsonDecodeError({ line: text, cause: error }));
        this.socket?.close(1000, 'bad message');
        return;
      }
      this.inbound.push(message);
      return;
    }
    const frame = parseRelayFrame(data);
    if (frame?.type === 'relay_ready') this.onReady(frame.pid, frame.configDir);
    else if (frame?.type === 'relay_exit') this.exit = frame;
    else if (frame?.type === 'relay_error') {
      this.relayErrorMessage = frame.message;
      this.refusal = new RelayRefusedError({ reason: frame.reason, message: frame.message });
    }
  }

  private onReady(pid: number, configDir: string | undefined): void {
    if (this.socket === undefined || !this.lifecycle.opened()) return;
    this.remotePid = pid;
    if (typeof configDir === 'string') this.cliConfigDir = configDir;
    const socket = this.socket;
    this.heartbeat = new Heartbeat(socket, this.settings.heartbeatIntervalMs, () => {
      this.lost = new RelayConnectionLostError({ closeCode: 1006, closeReason: 'no pong from the relay' });
      socket.terminate();
    });
    const signal = this.signal;
    if (signal !== undefined) this.stopListeningForAbort = onAbort(signal, () => void this.close());
    this.settleStart?.();
  }

  private onStartFailed(error: TransportStartError): void {
    if (this.settleStart === undefined) return;
    this.settleStart(error);
    this.lifecycle.ended();
    this.inbound.end(error);
    this.socket?.terminate();
  }

  private onSocketClose(code: number, reason: string): void {
    this.heartbeat?.stop();
    this.socketClosed.mark();
    if (this.settleStart !== undefined) {
      const lost = new RelayConnectionLostError({ closeCode: code, closeReason: reason });
      this.onStartFailed(this.refusal ?? new TransportStartError({ message: lost.message, cause: lost }));
      return;
    }
    const deliberate = this.lifecycle.isClosing || this.lifecycle.state === 'closed';
    this.lifecycle.ended();
    if (this.exit === undefined && !deliberate) {
      this.lost ??= new RelayConnectionLostError({ closeCode: code, closeReason: this.relayErrorMessage ?? reason });
    }
    this.inbound.end(deliberate ? undefined : (relayExitError(this.exit) ?? this.lost));
    this.stopListeningForAbort?.();
  }
}
