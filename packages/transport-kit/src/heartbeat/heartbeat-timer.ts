/** What a {@link HeartbeatTimer} needs of its link. */
export interface HeartbeatTimerOptions {
  /** How often to ping, in ms; a link silent for a whole interval after a ping is dead. */
  intervalMs: number;
  /** Send one ping; may throw when the link is not open any more (its own close reports that). */
  ping: () => void;
  /** True while this side reads nothing from the link (flow control): silence is no sign of death then. */
  isPaused: () => boolean;
  /** The link is dead: called once, after which the timer is stopped. */
  onTimeout: () => void;
}

/**
 * The one heartbeat mechanism of the kit: pings every `intervalMs` (every half interval while paused); when nothing came from the
 * peer ({@link HeartbeatTimer.alive}) between two ticks, calls `onTimeout` once and stops. A
 * WebSocket's ({@link Heartbeat}) and a plain stream's ({@link StreamHeartbeat}) differ only in
 * how they ping and what counts as a sign of life.
 *
 * While the link is paused (flow control: this side's reader is full) this side reads nothing,
 * answers included, so it does not time out; it still pings, and the peer, which does read, takes
 * those pings as signs of life. Without them, a CLI that stops reading its input for longer than an
 * interval would look like a dead link to a peer whose pings the paused side cannot answer.
 */
export class HeartbeatTimer {
  private readonly timer: ReturnType<typeof setInterval>;
  private waiting = false;

  constructor(options: HeartbeatTimerOptions) {
    const ping = () => {
      try {
        options.ping();
      } catch {
        // Not open any more: its close event reports it.
      }
    };
    // Half-interval ticks: the check runs on every second one. A paused side pings on each, so a
    // peer checking on the same interval gets a sign of life between any two of its checks even when
    // the two timers drift (once per interval left no margin: a few ms of jitter under load was a
    // false dead link).
    let tick = 0;
    this.timer = setInterval(() => {
      tick += 1;
      if (tick % 2 === 1) {
        if (options.isPaused()) ping();
        return;
      }
      if (this.waiting && !options.isPaused()) {
        this.stop();
        options.onTimeout();
        return;
      }
      this.waiting = true;
      ping();
    }, options.intervalMs / 2);
    this.timer.unref();
  }

  /** Something came from the peer: it is alive. */
  readonly alive = (): void => {
    this.waiting = false;
  };

  /** Stop pinging. Idempotent. */
  stop(): void {
    clearInterval(this.timer);
  }
}
