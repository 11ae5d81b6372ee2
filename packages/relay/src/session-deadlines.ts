import type { ResolvedRelayConfig } from './relay-config.js';

/** What a {@link SessionDeadlines} calls when a deadline passes. */
export interface SessionDeadlineHandlers {
  /** No hello came within `handshakeTimeoutMs` of the connection. */
  helloTimeout: () => void;
  /** No traffic either way for `idleTimeoutMs`. */
  idle: () => void;
}

/**
 * The two deadlines of a relay connection: its hello within `handshakeTimeoutMs`, and traffic
 * (either way) at least every `idleTimeoutMs`. Neither keeps the relay's process alive.
 */
export class SessionDeadlines {
  private readonly config: Pick<ResolvedRelayConfig, 'handshakeTimeoutMs' | 'idleTimeoutMs'>;
  private readonly handlers: SessionDeadlineHandlers;
  private readonly helloTimer: ReturnType<typeof setTimeout>;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    config: Pick<ResolvedRelayConfig, 'handshakeTimeoutMs' | 'idleTimeoutMs'>,
    handlers: SessionDeadlineHandlers,
  ) {
    this.config = config;
    this.handlers = handlers;
    this.helloTimer = setTimeout(() => handlers.helloTimeout(), config.handshakeTimeoutMs);
    this.helloTimer.unref();
    this.touch();
  }

  /** The hello came: its deadline is off. */
  helloReceived(): void {
    clearTimeout(this.helloTimer);
  }

  /** Traffic: the idle time starts over. */
  touch(): void {
    clearTimeout(this.idleTimer);
    if (this.stopped) return;
    this.idleTimer = setTimeout(() => this.handlers.idle(), this.config.idleTimeoutMs);
    this.idleTimer.unref();
  }

  /** The connection is closed: no deadline any more. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.idleTimer);
    clearTimeout(this.helloTimer);
  }
}
