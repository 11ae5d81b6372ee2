import { asyncDispose, type SessionFactories, startQuery } from '@hexagent/compose';
import { type Options, onAbort } from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import type { AdmissionTicket } from './admission-ledger.js';
import type { CliRecycler } from './cli-recycler.js';
import type { PoolEventEmitter } from './pool-events.js';
import { claimableOf } from './pool-query-options.js';
import type { PoolRequest } from './pool-request.js';
import { ReusableCli } from './reusable-cli.js';
import type { ParkedSpare } from './spare-shelf.js';

interface Running {
  readonly query: Query;
  stopListening: (() => void) | undefined;
}

/**
 * Starts admitted queries, cold (`query()` through the pool's tracking container) or by claiming a
 * parked spare, and keeps the running ones until their CLI exits. The caller's `signal` stops a
 * running query: as the `abortController` of a cold one, by `close()` for a claimed one. With
 * `recycle`, a recyclable query runs as one turn of a {@link ReusableCli} (a recycled CLI, a startup
 * spare, or one started cold), served by the {@link CliRecycler}.
 */
export class PoolLauncher {
  private readonly running = new Map<AdmissionTicket, Running>();

  constructor(
    private readonly deps: {
      profile: Options;
      events: PoolEventEmitter;
      /** The factories a query's CLI is composed from; `options` are the query's (its `transport`, if any). */
      factoriesFor(ticket: AdmissionTicket, options?: Options): SessionFactories;
      release(ticket: AdmissionTicket): void;
      /** Put a request back at the head of the queue for a cold start. */
      requeueCold(request: PoolRequest): void;
      pidOf(ticket: AdmissionTicket): number | undefined;
      closing(): boolean;
      recycler: CliRecycler;
    },
  ) {}

  /** Start `request` cold under `ticket`. */
  cold(request: PoolRequest, ticket: AdmissionTicket): void {
    if (request.recyclable) {
      this.coldTurn(request, ticket);
      return;
    }
    const { params } = request;
    const abortController = params.signal === undefined ? undefined : new AbortController();
    let started: Query;
    try {
      // A per-call transport goes to the pool's tracking container, not to the session (which would bypass it).
      const { transport, ...perCall } = params.options ?? {};
      const options: Options = { ...this.deps.profile, ...perCall };
      if (abortController !== undefined) options.abortController = abortController;
      const factories = this.deps.factoriesFor(ticket, { ...options, ...(transport !== undefined && { transport }) });
      started = startQuery({ prompt: params.prompt, options }, factories);
    } catch (error) {
      this.deps.release(ticket);
      request.pooled.fail(error);
      return;
    }
    const running: Running = { query: started, stopListening: undefined };
    const { signal } = params;
    if (signal !== undefined && abortController !== undefined) {
      running.stopListening = onAbort(signal, () => abortController.abort(signal.reason));
    }
    this.running.set(ticket, running);
    request.pooled.attach(started);
  }

  /**
   * Claim `parked` for `request`. The caller's query is attached once the spare accepted the claim;
   * a refusal (the prompt has not run) sends a string prompt back for a cold start, and fails a
   * streamed one, which the spare may have read from.
   */
  claim(request: PoolRequest, ticket: AdmissionTicket, parked: ParkedSpare): void {
    const reusable = parked.spare.reusable;
    if (request.recyclable && reusable !== undefined) {
      this.turn(request, ticket, parked, reusable);
      return;
    }
    const { params } = request;
    let claimed: Query;
    try {
      claimed = parked.spare.claim({ prompt: params.prompt, options: claimableOf(params.options) });
    } catch (error) {
      // Refused before anything was sent; the spare's slot frees when it exits.
      this.deps.events.emit('claimRefused', { error, fellBack: true });
      void parked.spare.close().catch(() => {});
      this.deps.requeueCold(request);
      return;
    }
    const running: Running = { query: claimed, stopListening: undefined };
    const { signal } = params;
    if (signal !== undefined) running.stopListening = onAbort(signal, () => claimed.close());
    this.running.set(ticket, running);
    parked.spare.claimed.then(
      () => {
        this.deps.events.emit('claimed', { pid: this.deps.pidOf(ticket), key: params.key, recycled: false });
        request.pooled.attach(claimed);
      },
      (error: unknown) => {
        if (runsAnyway(error)) {
          this.deps.events.emit('claimed', { pid: this.deps.pidOf(ticket), key: params.key, recycled: false });
          request.pooled.attach(claimed);
          return;
        }
        const fellBack = typeof params.prompt === 'string' && !this.deps.closing();
        this.deps.events.emit('claimRefused', { error, fellBack });
        claimed.close();
        if (fellBack) this.deps.requeueCold(request);
        else request.pooled.fail(error);
      },
    );
  }

  /** A recyclable query started cold: a new {@link ReusableCli} with the profile serves it. */
  private coldTurn(request: PoolRequest, ticket: AdmissionTicket): void {
    let started: Query;
    try {
      const cli = ReusableCli.create(this.deps.profile, this.deps.factoriesFor(ticket));
      started = this.deps.recycler.serve(request, ticket, cli);
    } catch (error) {
      this.deps.release(ticket);
      request.pooled.fail(error);
      return;
    }
    this.running.set(ticket, { query: started, stopListening: undefined });
    request.pooled.attach(started);
  }

  /** A recyclable query on a parked reusable CLI; one that exited meanwhile sends it back for a cold start. */
  private turn(request: PoolRequest, ticket: AdmissionTicket, parked: ParkedSpare, cli: ReusableCli): void {
    let started: Query;
    try {
      started = this.deps.recycler.serve(request, ticket, cli);
    } catch (error) {
      this.deps.events.emit('claimRefused', { error, fellBack: true });
      void parked.spare.close().catch(() => {});
      this.deps.requeueCold(request);
      return;
    }
    this.running.set(ticket, { query: started, stopListening: undefined });
    this.deps.events.emit('claimed', { pid: this.deps.pidOf(ticket), key: request.params.key, recycled: cli.uses > 1 });
    request.pooled.attach(started);
  }

  /** The CLI of `ticket` exited (or, recycled, went back to the shelf). */
  forget(ticket: AdmissionTicket): void {
    this.running.get(ticket)?.stopListening?.();
    this.running.delete(ticket);
  }

  /** Stop every running query; resolves once their CLIs have stopped. */
  async stopAll(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((running) => running.query[asyncDispose]()));
  }
}

/**
 * `option_not_applied` (only `model` or `maxThinkingTokens` was refused) is the one claim rejection
 * after which the prompt runs: the session must not be started again.
 */
function runsAnyway(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('option_not_applied');
}
