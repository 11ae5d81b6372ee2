import { asyncDispose } from '@hexagent/compose';
import {
  AbortError,
  AsyncQueue,
  callQueryControl,
  ErrorResultTracker,
  forwardQueryControls,
  InvalidOptionError,
  type QueryControls,
  type SDKMessage,
  type Session,
} from '@hexagent/core';
import type { Query } from '@hexagent/sdk';

/** What a {@link TurnQuery} tells the CLI it runs on. */
export interface TurnHost {
  /** The CLI's state may no longer be what the pool's profile made it: it must not serve another query. */
  taint(reason: string): void;
}

export interface TurnQuery extends QueryControls {}

/**
 * The `Query` of one string-prompt query served as one turn of a CLI the pool keeps (`recycle`): it
 * yields that turn's messages (`system/init`, assistant messages, ..., the `result`, and the
 * follow-up turns a background subagent wakes the main agent for) and ends once the CLI's run is
 * over, as a string-prompt `query()` ends, while the CLI lives on. Until the turn ends it acts as
 * `query()` does: leaving it (`return()`, `close()`, `await using`, `break`) before its `result`
 * stops the CLI (leaving after it drops the rest of the run, and the CLI is kept at its end), and its
 * controls go to the CLI. A control that may change the CLI's state (`setModel`, `interrupt`,
 * `setMcpServers`, ...: each one `QUERY_CONTROLS` marks `changesState`) taints the CLI, so it is not recycled. Once the
 * turn has ended and the CLI serves another query, leaving is a no-op and controls reject. A turn
 * that failed (a `result` with `is_error`) ends with a `ResultError` after that result, as a
 * string-prompt `query()` does when its CLI exits on the failure.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the control methods are defined by forwardQueryControls in the static block
export class TurnQuery implements Query {
  private readonly session: Session;
  private readonly host: TurnHost;
  private readonly out = new AsyncQueue<SDKMessage>();
  private readonly failures = new ErrorResultTracker();
  /** The turn ended and the CLI went back to the pool: nothing here may touch it any more. */
  private detached = false;
  /** The caller was handed a `result`: leaving after it is leaving a finished turn. */
  private resultRead = false;

  constructor(session: Session, host: TurnHost) {
    this.session = session;
    this.host = host;
  }

  /** One message of this turn, from the CLI. */
  push(message: SDKMessage): void {
    this.failures.observe(message);
    this.out.push(message);
  }

  /** The turn ended and the CLI goes back to the pool: the caller reads what is buffered, then the end. */
  detach(): void {
    this.detached = true;
    this.out.end(this.failures.pendingError());
  }

  /** The CLI's session ended (the CLI exited or was stopped): the caller sees its end, or its error. */
  finish(error?: unknown): void {
    this.out.end(error);
  }

  async next(): Promise<IteratorResult<SDKMessage, void>> {
    const next = await this.out.next();
    if (next.done !== true && next.value.type === 'result') this.resultRead = true;
    return next;
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    await this.leave();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<SDKMessage, void>> {
    await this.leave(error);
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  [asyncDispose](): Promise<void> {
    return this.leave();
  }

  close(): void {
    void this.leave();
  }

  /** As a string-prompt `query()`: its input has ended, so this ends the query with `InvalidOptionError`. */
  streamInput(): Promise<void> {
    return this.change('streamInput', (s) =>
      s.close(new InvalidOptionError({ option: 'prompt', message: 'the input of this session has ended' })),
    );
  }

  static {
    // A control that may change the CLI's state (per QUERY_CONTROLS) taints it; the others only read.
    forwardQueryControls(TurnQuery, function (name, args, spec) {
      const call = (session: Session) => callQueryControl(session, name, args);
      return spec.changesState ? this.change(name, call) : this.read(call);
    });
  }

  /**
   * Leaving before the turn's `result` stops the CLI, as leaving a `query()` does. Leaving once the
   * caller has its `result` (a `break` at the result) does not: the rest of the run is dropped, and
   * the pool keeps the CLI at the run's end as usual.
   */
  private async leave(error?: unknown): Promise<void> {
    // Once it has its result the caller leaves the turn only: its queue ends (the rest of the run is dropped).
    if (!this.detached && !(this.resultRead && error === undefined)) {
      this.host.taint('the caller left before the result');
      await this.session.close(error);
    }
    await this.out.return();
  }

  private change<R>(name: string, act: (session: Session) => Promise<R>): Promise<R> {
    if (this.detached) return Promise.reject(ended());
    this.host.taint(`${name}() was called`);
    return act(this.session);
  }

  private read<R>(act: (session: Session) => Promise<R>): Promise<R> {
    return this.detached ? Promise.reject(ended()) : act(this.session);
  }
}

function ended(): AbortError {
  return new AbortError({ message: 'The query has ended: the agent pool recycled its CLI for another query' });
}
