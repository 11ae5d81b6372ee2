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

/**
 * Pings `socket` every `intervalMs`; when the previous ping got no pong by then, calls `onTimeout`
 * (once) and stops. Any message or ping from the peer counts as a sign of life too.
 *
 * While `socket` is paused (flow control: its reader is full) this side reads nothing, pongs
 * included, so it does not time out; it still pings, and the peer, which does read, takes those
 * pings as signs of life. Without them, a CLI that stops reading its input for longer than an
 * interval would look like a dead link to the client, whose pings the paused relay cannot answer.
 */
export class Heartbeat {
  private readonly socket: HeartbeatSocket;
  private readonly timer: ReturnType<typeof setInterval>;
  private waiting = false;

  constructor(socket: HeartbeatSocket, intervalMs: number, onTimeout: () => void) {
    this.socket = socket;
    socket.on('pong', this.alive);
    socket.on('ping', this.alive);
    socket.on('message', this.alive);
    this.timer = setInterval(() => {
      if (this.waiting && !socket.isPaused) {
        this.stop();
        onTimeout();
        return;
      }
      this.waiting = true;
      try {
        socket.ping();
      } catch {
        // Not open any more: its close event reports it.
      }
    }, intervalMs);
    this.timer.unref();
  }

  /** Stop pinging and listening. Idempotent. */
  stop(): void {
    clearInterval(this.timer);
    this.socket.off('pong', this.alive);
    this.socket.off('ping', this.alive);
    this.socket.off('message', this.alive);
  }

  private readonly alive = (): void => {
    this.waiting = false;
  };
}
