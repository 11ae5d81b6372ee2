import { HeartbeatTimer } from './heartbeat-timer.js';

/**
 * What {@link StreamHeartbeat} needs of a stream: a `net.Socket`, a `tls.TLSSocket` or any other
 * duplex stream has it.
 */
export interface HeartbeatStream {
  /** Listen for data from the peer. */
  on(event: 'data', listener: (chunk: unknown) => void): unknown;
  /** Stop listening. */
  off(event: 'data', listener: (chunk: unknown) => void): unknown;
  /** Write a ping. */
  write(chunk: string): unknown;
  /** True while reading is paused (flow control). */
  isPaused(): boolean;
  /** False once the stream can no longer be written. */
  readonly writable: boolean;
}

/** What a {@link StreamHeartbeat} is made with. */
export interface StreamHeartbeatOptions {
  /** How often to ping, in ms; a peer silent for a whole interval after a ping is dead. */
  intervalMs: number;
  /** Called once when the peer is dead; the heartbeat is stopped by then. */
  onTimeout: () => void;
  /**
   * What a ping writes; default `'\n'`: a blank line, which an NDJSON reader on the other side
   * skips (the kit's `NdjsonReader`, the CLI's own stream-json input).
   */
  ping?: string;
}

/**
 * The heartbeat of a plain socket or stream, which has no ping frames of its own: every
 * `intervalMs` it writes `ping` (a blank line by default) and counts any data from the peer as a
 * sign of life; when nothing came between two pings it calls `onTimeout` once and stops. Both
 * ends run one, so each sees the other's pings even when no message flows (a long tool call).
 * It is the same mechanism as the WebSocket's {@link Heartbeat} ({@link HeartbeatTimer}).
 *
 * It listens for `'data'`, which puts a stream that nothing read yet into flowing mode: start it
 * once the stream's reader is attached.
 *
 * @example
 * ```ts
 * const socket = net.connect(path);
 * socket.on('data', (chunk) => reader.push(chunk));
 * const heartbeat = new StreamHeartbeat(socket, { intervalMs: 15_000, onTimeout: () => socket.destroy() });
 * socket.once('close', () => heartbeat.stop());
 * ```
 */
export class StreamHeartbeat {
  private readonly stream: HeartbeatStream;
  private readonly timer: HeartbeatTimer;

  constructor(stream: HeartbeatStream, options: StreamHeartbeatOptions) {
    this.stream = stream;
    const ping = options.ping ?? '\n';
    this.timer = new HeartbeatTimer({
      intervalMs: options.intervalMs,
      ping: () => {
        if (stream.writable) stream.write(ping);
      },
      isPaused: () => stream.isPaused(),
      onTimeout: () => {
        this.stop();
        options.onTimeout();
      },
    });
    stream.on('data', this.timer.alive);
  }

  /** Stop pinging and listening. Idempotent. */
  stop(): void {
    this.timer.stop();
    this.stream.off('data', this.timer.alive);
  }
}
