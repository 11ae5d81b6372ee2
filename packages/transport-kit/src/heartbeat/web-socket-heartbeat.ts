import { HeartbeatTimer } from './heartbeat-timer.js';

/**
 * What {@link Heartbeat} needs of a socket: the `ws` package's `WebSocket` has it (pings, pongs,
 * messages as events; `isPaused` while its reader is paused).
 */
export interface HeartbeatSocket {
  /** Listen for a pong, a ping or a message from the peer. */
  on(event: 'pong' | 'ping' | 'message', listener: () => void): unknown;
  /** Stop listening. */
  off(event: 'pong' | 'ping' | 'message', listener: () => void): unknown;
  /** Send a ping; may throw when the socket is not open. */
  ping(): void;
  /** True while reading from the socket is paused (flow control). */
  readonly isPaused: boolean;
}

const SIGNS_OF_LIFE = ['pong', 'ping', 'message'] as const;

/**
 * The {@link HeartbeatTimer} of a WebSocket: pings with WebSocket pings every `intervalMs`; a pong,
 * a ping or a message from the peer counts as a sign of life. When the previous ping got none by
 * the next one, calls `onTimeout` (once) and stops. For a plain socket or stream, see
 * {@link StreamHeartbeat}.
 */
export class Heartbeat {
  private readonly socket: HeartbeatSocket;
  private readonly timer: HeartbeatTimer;

  constructor(socket: HeartbeatSocket, intervalMs: number, onTimeout: () => void) {
    this.socket = socket;
    this.timer = new HeartbeatTimer({
      intervalMs,
      ping: () => socket.ping(),
      isPaused: () => socket.isPaused,
      onTimeout: () => {
        this.stop();
        onTimeout();
      },
    });
    for (const event of SIGNS_OF_LIFE) socket.on(event, this.timer.alive);
  }

  /** Stop pinging and listening. Idempotent. */
  stop(): void {
    this.timer.stop();
    for (const event of SIGNS_OF_LIFE) this.socket.off(event, this.timer.alive);
  }
}
