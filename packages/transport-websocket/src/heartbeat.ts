import type WebSocket from 'ws';

/**
 * Pings `socket` every `intervalMs`; when the previous ping got no pong by then, calls `onTimeout`
 * (once) and stops. Any frame from the peer counts as a sign of life too.
 */
export class Heartbeat {
  private readonly socket: WebSocket;
  private readonly timer: ReturnType<typeof setInterval>;
  private waiting = false;

  constructor(socket: WebSocket, intervalMs: number, onTimeout: () => void) {
    this.socket = socket;
    socket.on('pong', this.alive);
    socket.on('message', this.alive);
    this.timer = setInterval(() => {
      // A paused socket reads nothing, pongs included: flow control is not a dead link.
      if (socket.isPaused) return;
      if (this.waiting) {
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
    this.socket.off('message', this.alive);
  }

  private readonly alive = (): void => {
    this.waiting = false;
  };
}
