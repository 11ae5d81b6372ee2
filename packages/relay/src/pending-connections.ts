import type { Socket } from 'node:net';

/** The limits of {@link PendingConnections}. */
export interface PendingLimits {
  /** A connection not settled this long after it opened is destroyed. */
  timeoutMs: number;
  /** Pending connections at once; over it, one is destroyed to make room (see {@link PendingConnections}). */
  max: number;
  /** Pending connections at once from one address; over it, one of that address's is destroyed. */
  maxPerAddress: number;
}

interface Pending {
  socket: Socket;
  address: string;
  timer: ReturnType<typeof setTimeout>;
  /** Bytes the socket had received when last looked at, and when that count last grew (or it opened). */
  bytes: number;
  progressAt: number;
}

/**
 * The TCP connections that have not authenticated yet, with a deadline each and bounded in number,
 * globally and per remote address. Over a bound, one goes to make room, chosen so that a flood of
 * sockets cannot keep out a client that is getting somewhere, however slowly (TLS and the upgrade
 * over a slow link): first the sockets that have sent nothing at all, then, over the global bound,
 * those of the address holding the most places, and among them the one idle the longest (no byte
 * since it opened or since its last byte). Progress is the count of bytes the socket has read
 * (`bytesRead`, raw TCP, TLS included), looked at whenever a place is needed. A connection that
 * keeps sending and never authenticates is still cut at its deadline.
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
      this.evict(this.victim(sameAddress, false));
    }
    if (this.pending.size >= this.limits.max) this.evict(this.victim(this.pending.keys(), true));
    const timer = setTimeout(() => this.evict(key), this.limits.timeoutMs);
    timer.unref();
    this.pending.set(key, { socket, address, timer, bytes: socket.bytesRead, progressAt: Date.now() });
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

  /** The connection to destroy among `keys`: see the class. `byAddressLoad`: prefer the address holding the most places. */
  private victim(keys: Iterable<string>, byAddressLoad: boolean): string | undefined {
    const now = Date.now();
    let chosen: string | undefined;
    let rank: [number, number, number] | undefined;
    for (const key of keys) {
      const entry = this.pending.get(key);
      if (entry === undefined) continue;
      const bytes = entry.socket.bytesRead;
      if (bytes > entry.bytes) {
        entry.bytes = bytes;
        entry.progressAt = now;
      }
      const load = byAddressLoad ? (this.byAddress.get(entry.address)?.size ?? 0) : 0;
      // Lower goes first: no byte yet, most places held by its address, idle longest.
      const candidate: [number, number, number] = [entry.bytes > 0 ? 1 : 0, -load, entry.progressAt];
      if (rank === undefined || isBefore(candidate, rank)) {
        chosen = key;
        rank = candidate;
      }
    }
    return chosen;
  }

  private evict(key: string | undefined): void {
    if (key === undefined) return;
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

function isBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number);
  }
  return false;
}

function keyOf(socket: Socket): string | undefined {
  const { remoteAddress, remotePort } = socket;
  return remoteAddress === undefined || remotePort === undefined ? undefined : `${remoteAddress}|${remotePort}`;
}
