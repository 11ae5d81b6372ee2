import type { Socket } from 'node:net';

/** The limits of {@link PendingConnections}. */
export interface PendingLimits {
  /** A connection not settled this long after it opened is destroyed. */
  timeoutMs: number;
  /** Pending connections at once; over it, the oldest is destroyed. */
  max: number;
  /** Pending connections at once from one address; over it, that address's oldest is destroyed. */
  maxPerAddress: number;
}

interface Pending {
  socket: Socket;
  address: string;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The TCP connections that have not authenticated yet, with a deadline each and bounded in number,
 * globally and per remote address. Over a bound, the oldest goes, not the newest: a flood of idle
 * sockets then only ever holds the last `max` places for a few seconds, and a token holder's
 * connection, which authenticates within milliseconds of opening, gets in.
 *
 * Keyed by remote address and port, which a TLS socket shares with the TCP socket under it.
 */
export class PendingConnections {
  private readonly limits: PendingLimits;
  private readonly pending = new Map<string, Pending>();
  private readonly byAddress = new Map<string, Set<string>>();

  constructor(limits: PendingLimits) {
    this.limits = limits;
  }

  /** Pending connections now. */
  get size(): number {
    return this.pending.size;
  }

  /** A new TCP connection: pending until {@link settle}, destroyed at its deadline. */
  add(socket: Socket): void {
    const key = keyOf(socket);
    const address = socket.remoteAddress ?? '';
    if (key === undefined) {
      socket.destroy();
      return;
    }
    const sameAddress = this.byAddress.get(address);
    if (sameAddress !== undefined && sameAddress.size >= this.limits.maxPerAddress) {
      this.evict(sameAddress.values().next().value as string);
    }
    if (this.pending.size >= this.limits.max) this.evict(this.pending.keys().next().value as string);
    const timer = setTimeout(() => this.evict(key), this.limits.timeoutMs);
    timer.unref();
    this.pending.set(key, { socket, address, timer });
    let keys = this.byAddress.get(address);
    if (keys === undefined) {
      keys = new Set();
      this.byAddress.set(address, keys);
    }
    keys.add(key);
    socket.once('close', () => {
      if (this.pending.get(key)?.socket === socket) this.forget(key);
    });
  }

  /** The connection of `socket` (or of the TLS socket over it) authenticated: no longer pending. */
  settle(socket: Socket): void {
    const key = keyOf(socket);
    if (key !== undefined) this.forget(key);
  }

  /** Destroys every pending connection (the relay is closing). */
  close(): void {
    for (const key of [...this.pending.keys()]) this.evict(key);
  }

  private evict(key: string): void {
    const entry = this.pending.get(key);
    this.forget(key);
    entry?.socket.destroy();
  }

  private forget(key: string): void {
    const entry = this.pending.get(key);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.pending.delete(key);
    const keys = this.byAddress.get(entry.address);
    keys?.delete(key);
    if (keys?.size === 0) this.byAddress.delete(entry.address);
  }
}

function keyOf(socket: Socket): string | undefined {
  const { remoteAddress, remotePort } = socket;
  return remoteAddress === undefined || remotePort === undefined ? undefined : `${remoteAddress}|${remotePort}`;
}
