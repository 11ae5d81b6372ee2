import { asyncDispose } from '@hexagent/compose';
import {
  AbortError,
  callQueryControl,
  forwardQueryControls,
  type QueryControls,
  type SDKMessage,
  type SDKUserMessage,
} from '@hexagent/core';
import type { Query } from '@hexagent/sdk';

export interface PooledQuery extends QueryControls {}

/**
 * The `Query` that `pool.query()` returns at once, before the pool has admitted it: the messages
 * and every control wait for admission and then go to the query that runs (a claimed spare's or a
 * cold one). A query that is never admitted (timeout, abort, the pool closing) throws that error
 * from its first `next()` and rejects its controls with it, as `query()` surfaces a failed start.
 * Leaving it while it waits (`return()`, `close()`, `await using`) takes it out of the queue.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the control methods are defined by forwardQueryControls in the static block
export class PooledQuery implements Query {
  private inner: Query | undefined;
  private failure: { error: unknown; thrown: boolean } | undefined;
  private readonly ready: Promise<Query>;
  private resolveReady!: (query: Query) => void;
  private rejectReady!: (error: unknown) => void;
  private readonly abandon: () => void;

  /** @param abandon takes the waiting query out of the pool's queue (the caller left it). */
  constructor(abandon: () => void) {
    this.abandon = abandon;
    this.ready = new Promise<Query>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // A query whose caller never calls a control must not leave an unhandled rejection behind.
    this.ready.catch(() => {});
  }

  /** True once admitted (or failed): nothing waits any more. */
  get settled(): boolean {
    return this.inner !== undefined || this.failure !== undefined;
  }

  /** Admitted: from now on everything goes to `query`. */
  attach(query: Query): void {
    if (this.settled) return;
    this.inner = query;
    this.resolveReady(query);
  }

  /** Not admitted: the first `next()` throws `error`, the controls reject with it. */
  fail(error: unknown): void {
    if (this.settled) return;
    this.failure = { error, thrown: false };
    this.rejectReady(error);
  }

  async next(): Promise<IteratorResult<SDKMessage, void>> {
    const inner = this.inner ?? (await this.ready.catch(() => undefined));
    if (inner !== undefined) return inner.next();
    return this.failed();
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    if (this.inner !== undefined) return this.inner.return();
    this.leave();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<SDKMessage, void>> {
    if (this.inner !== undefined) return this.inner.throw(error);
    this.leave();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [asyncDispose](): Promise<void> {
    if (this.inner !== undefined) return this.inner[asyncDispose]();
    this.leave();
  }

  close(): void {
    if (this.inner !== undefined) this.inner.close();
    else this.leave();
  }

  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void> {
    return this.call((q) => q.streamInput(stream));
  }

  static {
    // Every control method waits for admission, then goes to the query that runs.
    forwardQueryControls(PooledQuery, function (name, args) {
      return this.call((q) => callQueryControl(q, name, args));
    });
  }

  private call<R>(act: (query: Query) => Promise<R>): Promise<R> {
    return this.inner !== undefined ? act(this.inner) : this.ready.then(act);
  }

  private failed(): IteratorResult<SDKMessage, void> {
    const failure = this.failure;
    if (failure !== undefined && !failure.thrown) {
      failure.thrown = true;
      throw failure.error;
    }
    return { value: undefined, done: true };
  }

  private leave(): void {
    if (this.settled) return;
    const error = new AbortError({ message: 'The query was closed while it waited in the pool' });
    this.failure = { error, thrown: true };
    this.rejectReady(error);
    this.abandon();
  }
}
