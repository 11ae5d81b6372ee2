import { type JsonRpcId, type JsonRpcResponse, onAbort } from '@hexagent/core';
import { InFlightTable } from './in-flight-table.js';

/** A call the port serves itself: aborting it is how it is cancelled (a `ToolCallAbort`). */
export interface LocalCall {
  abort(reason: unknown): void;
}

/** One request in flight, kept by the id the server saw (see {@link RemappedRequests}). */
export interface RemappedRequest {
  /** The id the response must carry: the CLI's, or ours for the port's own requests. */
  readonly originalId: JsonRpcId;
  /** True for the CLI's requests (`originalId` is the CLI's id). */
  readonly fromClient: boolean;
  /** Resolves the caller's promise. */
  readonly resolve: (response: JsonRpcResponse) => void;
  /** The caller's signal, when it has one. */
  readonly signal: AbortSignal | undefined;
  /** For a call the port serves itself: its abort side. `undefined` for a request sent to an MCP SDK server. */
  readonly call: LocalCall | undefined;
}

/**
 * The requests of one port in flight, under ids of the port's own. The CLI's ids are its own
 * business: two of its requests may share one, and they must never meet the ids of the port's own
 * requests (the handshake in `manifest()`). So every request gets a fresh number, the one the
 * server sees, and its answer goes back under the id its caller used.
 *
 * It also cancels requests when their caller's signal aborts: one subscription per signal, however
 * many requests share it (a session-wide signal would otherwise collect a listener per call), made
 * through core's `onAbort`, so ports sharing a signal add one listener to it between them, and
 * {@link RemappedRequests.release} (the port's `close()`) takes them off. On abort the requests with
 * that signal are found by a scan: nothing per request is kept for it.
 *
 * The entries live in an {@link InFlightTable}, not a `Map` (see docs/performance.md#map-churn-and-promotion).
 *
 * @example
 * ```ts
 * const requests = new RemappedRequests((ourId, reason) => cancel(ourId, reason));
 * const ourId = requests.nextId();
 * const answer = new Promise<JsonRpcResponse>((resolve) =>
 *   requests.add(ourId, { originalId: 'cli-7', fromClient: true, resolve, signal, call: undefined }),
 * );
 * requests.settle(ourId, { jsonrpc: '2.0', id: 'cli-7', result: {} }); // answer resolves
 * ```
 */
export class RemappedRequests {
  private readonly table = new InFlightTable<RemappedRequest>();
  private lastId = 0;
  /** The signals watched, each with the function that ends its subscription. */
  private readonly watched = new Map<AbortSignal, () => void>();
  private readonly onSignalAbort: (ourId: number, reason: unknown) => void;

  /** @param onSignalAbort - Cancels request `ourId` when its caller's signal aborts with `reason`. */
  constructor(onSignalAbort: (ourId: number, reason: unknown) => void) {
    this.onSignalAbort = onSignalAbort;
  }

  /** Number of requests in flight. */
  get size(): number {
    return this.table.size;
  }

  /** A fresh id for a request to the server: never one used before by this table. */
  nextId(): number {
    return ++this.lastId;
  }

  /** Registers `request` under `ourId` (from {@link RemappedRequests.nextId}) and watches its signal. */
  add(ourId: number, request: RemappedRequest): void {
    this.table.set(ourId, request);
    if (request.signal !== undefined) this.watch(request.signal);
  }

  /** The request in flight under `ourId`, or `undefined` when it was answered, cancelled or never added. */
  get(ourId: number): RemappedRequest | undefined {
    return this.table.get(ourId);
  }

  /** Whether `ourId` is still in flight. */
  has(ourId: number): boolean {
    return this.table.has(ourId);
  }

  /** Answers request `ourId` with `response` and forgets it; does nothing when it is not in flight. */
  settle(ourId: number, response: JsonRpcResponse): void {
    this.table.take(ourId)?.resolve(response);
  }

  /**
   * Our id of the CLI's request `requestId` in flight (the latest, should the CLI reuse an id).
   * A scan: cancellations are rare, and another map would cost every call
   * (docs/performance.md#map-churn-and-promotion).
   */
  fromClient(requestId: JsonRpcId): number | undefined {
    let found: number | undefined;
    for (const [ourId, request] of this.table.entries()) {
      if (request.fromClient && request.originalId === requestId) found = ourId;
    }
    return found;
  }

  /** A copy of the requests in flight as `[ourId, request]` pairs, oldest first: safe to settle while iterating. */
  entries(): [number, RemappedRequest][] {
    return this.table.entries();
  }

  /** Stops watching every signal; requests added afterwards are watched again. Idempotent. */
  release(): void {
    for (const unsubscribe of this.watched.values()) unsubscribe();
    this.watched.clear();
  }

  private watch(signal: AbortSignal): void {
    if (this.watched.has(signal)) return;
    const unsubscribe = onAbort(signal, () => {
      this.watched.delete(signal);
      const ids: number[] = [];
      for (const [ourId, request] of this.table.entries()) if (request.signal === signal) ids.push(ourId);
      for (const ourId of ids) this.onSignalAbort(ourId, signal.reason);
    });
    this.watched.set(signal, unsubscribe);
  }
}
