import { asyncDispose } from '@hexagent/compose';
import { AbortError, type Options } from '@hexagent/core';
import type { DependencyContainer, Query } from '@hexagent/sdk';
import { AdmissionLedger, type AdmissionTicket } from './admission-ledger.js';
import {
  type AgentPoolOptions,
  type AgentPoolQueryParams,
  DEFAULT_POOL_CLI_ESTIMATE_MB,
  DEFAULT_SPARE_REFILL_DELAY_MS,
} from './agent-pool-options.js';
import { checkAgentPoolOptions } from './check-agent-pool-options.js';
import { ChildRegistry } from './child-registry.js';
import { CliRecycler } from './cli-recycler.js';
import { CurrentSpareSource } from './current-spare-source.js';
import { defaultMemoryBudgetMb, warnIfNoRoomForSpares } from './default-memory-budget.js';
import { FifoWaitQueue, type GrantOutcome } from './fifo-wait-queue.js';
import { killProcesses } from './kill-processes.js';
import { PoolClosedError } from './pool-closed-error.js';
import { type AgentPoolEvents, type AgentPoolListener, PoolEventEmitter } from './pool-events.js';
import { PoolFactories } from './pool-factories.js';
import { PoolLauncher } from './pool-launcher.js';
import { checkPoolQueryOptions, needsColdStart } from './pool-query-options.js';
import type { PoolRequest } from './pool-request.js';
import { PoolShutdown } from './pool-shutdown.js';
import { type AgentPoolStats, WaitTimes } from './pool-stats.js';
import { PooledQuery } from './pooled-query.js';
import { measureProcessTrees } from './process-tree-memory.js';
import { recycleSettingsOf } from './recycle-rules.js';
import { SpareShelf } from './spare-shelf.js';
import type { SpareSource } from './spare-source.js';
import type { SpareStartPolicy } from './spare-start-policy.js';
import { SpareWaits } from './spare-waits.js';

const DEFAULT_CLOSE_DEADLINE_MS = 30_000;

/**
 * Many agents on one machine: admission control (running CLIs, a memory budget measured from
 * procfs, per-key limits), a FIFO queue with timeouts and abort, warm spares, stats and an orderly
 * close. Made by {@link createAgentPool}.
 */
export class AgentPool {
  private readonly settings: AgentPoolOptions;
  private readonly memoryBudgetMb: number;
  private readonly profile: Options;
  private readonly ledger: AdmissionLedger;
  private readonly queue = new FifoWaitQueue<PoolRequest>();
  private readonly events = new PoolEventEmitter();
  private readonly children: ChildRegistry;
  private readonly shelf: SpareShelf;
  private readonly waits = new WaitTimes();
  private readonly launcher: PoolLauncher;
  private readonly factories: PoolFactories;
  private readonly shutdown: PoolShutdown;
  private readonly spares: CurrentSpareSource;
  private readonly recycler: CliRecycler;
  private readonly spareWaits: SpareWaits;
  private admittedCount = 0;
  private rejectedCount = 0;
  private closePromise: Promise<void> | undefined;

  /** @internal use {@link createAgentPool}. */
  constructor(settings: AgentPoolOptions, container?: DependencyContainer, spares?: SpareSource | SpareStartPolicy) {
    checkAgentPoolOptions(settings);
    this.settings = settings;
    this.factories = new PoolFactories(container, settings.options ?? {}, {
      started: (ticket, pid) => {
        if (pid !== undefined) this.children.add(ticket, pid);
        this.events.emit('spawned', { kind: ticket.kind, pid });
      },
      stopped: (ticket) => this.release(ticket),
      answered: (ticket) => this.shelf.answered(ticket),
    });
    const { transport: _, ...profile } = settings.options ?? {};
    this.profile = profile;
    this.spares = new CurrentSpareSource(spares);
    const spareSource = this.spares.source;
    this.memoryBudgetMb = settings.memoryBudgetMb ?? defaultMemoryBudgetMb();
    const estimateMb = settings.estimateMbPerCli ?? DEFAULT_POOL_CLI_ESTIMATE_MB;
    const maxSpares = spareSource === undefined ? 0 : (settings.spares ?? 0);
    warnIfNoRoomForSpares(maxSpares, this.memoryBudgetMb, estimateMb, settings.memoryBudgetMb === undefined);
    this.ledger = new AdmissionLedger(
      {
        maxConcurrent: settings.maxConcurrent,
        maxSpares,
        memoryBudgetMb: this.memoryBudgetMb,
        perKeyLimit: settings.perKeyLimit,
      },
      estimateMb,
    );
    this.children = new ChildRegistry({
      measure: settings.measureProcessTrees ?? measureProcessTrees,
      ledger: this.ledger,
      intervalMs: settings.sampleIntervalMs ?? 500,
    });
    this.shelf = new SpareShelf({
      source: spareSource,
      options: this.profile,
      ledger: this.ledger,
      events: this.events,
      factoriesFor: (ticket) => this.factories.for(ticket),
      release: (ticket) => this.release(ticket),
      changed: () => this.drain(),
      refillDelayMs: settings.spareRefillDelayMs ?? DEFAULT_SPARE_REFILL_DELAY_MS,
      expectedBack: () => this.recycler.expectedBack(),
    });
    this.recycler = new CliRecycler({
      settings: recycleSettingsOf(settings),
      ledger: this.ledger,
      shelf: this.shelf,
      events: this.events,
      pidOf: (ticket) => this.children.pidOf(ticket),
      parked: (ticket) => this.launcher.forget(ticket),
      drain: () => this.drain(),
      closing: () => this.closePromise !== undefined,
    });
    this.spareWaits = new SpareWaits({ shelf: this.shelf, ledger: this.ledger, recycler: this.recycler });
    this.launcher = new PoolLauncher({
      profile: this.profile,
      events: this.events,
      factoriesFor: (ticket, options) => this.factories.for(ticket, options),
      release: (ticket) => this.release(ticket),
      requeueCold: (request) => this.requeueCold(request),
      pidOf: (ticket) => this.children.pidOf(ticket),
      closing: () => this.closePromise !== undefined,
      recycler: this.recycler,
    });
    const { queue, shelf, ledger, launcher, children, events } = this;
    this.shutdown = new PoolShutdown({ queue, shelf, ledger, launcher, children, events });
    this.shelf.refill();
  }

  /**
   * Run a query in the pool. Returns at once, as `query()` does; its messages start once it is
   * admitted (at once when there is room, else after waiting in the queue).
   *
   * A query whose per-call options are all claimable (`CLAIMABLE_POOL_OPTIONS`) may run on a parked
   * spare; any other per-call option (a `resume`, `mcpServers`, a `sessionStore`...) starts its own
   * CLI, admitted the same way (slots, memory, per-key limits, the queue).
   *
   * @throws PoolClosedError after `close()`.
   * @throws PoolOptionNotClaimableError for `abortController` (give `signal`).
   */
  query(params: AgentPoolQueryParams): Query {
    if (this.closePromise !== undefined) throw new PoolClosedError();
    checkPoolQueryOptions(params.options);
    const coldAnyway = needsColdStart(params.options);
    const switched = coldAnyway ? undefined : this.spares.switchFor(this.profile, params.options);
    if (switched !== undefined) this.switchSpares(switched);
    const request: PoolRequest = {
      params,
      noSpare: coldAnyway || !this.spares.fits(this.profile, params.options),
      recyclable: this.recycler.accepts(this.profile, params),
      pooled: new PooledQuery(() => {
        if (this.queue.remove(request)) this.reject(request, new AbortError({ message: 'left the queue' }), 0);
      }),
    };
    const { signal } = params;
    if (signal?.aborted === true) {
      this.reject(request, new AbortError({ message: 'The query was aborted', cause: signal.reason }), 0);
      return request.pooled;
    }
    this.queue.enqueue(
      request,
      { giveUp: (error, waitedMs) => this.reject(request, error, waitedMs) },
      { signal, timeoutMs: this.settings.queueTimeoutMs },
    );
    this.drain();
    if (!request.pooled.settled) this.events.emit('queued', { key: params.key, queued: this.queue.length });
    return request.pooled;
  }

  /** A snapshot of the pool. */
  stats(): AgentPoolStats {
    return {
      spares: this.shelf.ready,
      sparesStarting: this.shelf.starting,
      busy: this.ledger.running,
      queued: this.queue.length,
      admitted: this.admittedCount,
      rejected: this.rejectedCount,
      recycled: this.recycler.recycled,
      spareStart: this.spares.kind,
      queueWaitMs: this.waits.stats(),
      memory: {
        budgetMb: this.memoryBudgetMb,
        reservedMb: this.ledger.reservedMb,
        estimateMb: this.ledger.estimateMb,
        totalRssMb: this.children.totalRssMb,
        peakTotalRssMb: this.children.peakTotalRssMb,
        children: this.children.stats(),
      },
      closed: this.closePromise !== undefined,
    };
  }

  /** Listen to a pool event; returns a function that stops listening. */
  on<E extends keyof AgentPoolEvents>(event: E, listener: AgentPoolListener<E>): () => void {
    return this.events.on(event, listener);
  }

  /** Stop listening. */
  off<E extends keyof AgentPoolEvents>(event: E, listener: AgentPoolListener<E>): void {
    this.events.off(event, listener);
  }

  /**
   * Close the pool: refuse new queries, reject the queued ones (`PoolClosedError`), discard the
   * spares, let running queries finish for up to `deadlineMs` (default 30 s), then stop them and
   * kill whatever of their process trees is left. Resolves once no CLI of the pool runs. Idempotent.
   */
  close(options: { deadlineMs?: number } = {}): Promise<void> {
    this.closePromise ??= this.shutdown.run(options.deadlineMs ?? DEFAULT_CLOSE_DEADLINE_MS);
    return this.closePromise;
  }

  /** `await using pool = createAgentPool(...)` closes it with the default deadline. */
  [asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * `spareStart: 'auto'` met a query a startup spare cannot serve: start prewarm spares (`source`)
   * from now on and close the parked startup spares (no such query could use them); their places
   * refill with prewarm spares as they exit.
   */
  private switchSpares(source: SpareSource): void {
    const retired = this.shelf.ready;
    this.shelf.switchSource(source);
    this.events.emit('spareStartSwitched', { spareStart: this.spares.kind, retired });
  }

  private drain(): void {
    this.queue.drain(
      (request, waitedMs) => this.tryGrant(request, waitedMs),
      () => this.spareWaits.startPass(),
    );
  }

  /** Decide and reserve in one synchronous step, then start the query (no await in between). */
  private tryGrant(request: PoolRequest, waitedMs: number): GrantOutcome {
    const { key } = request.params;
    if (this.ledger.keyAtLimit(key)) return 'skip';
    const parked = this.recycler.choose(request);
    if (this.spareWaits.awaits(request, parked)) return 'skip';
    // The places held for waiters ahead that wait are theirs.
    if (this.spareWaits.heldSlots > 0 && this.ledger.freeSlots <= this.spareWaits.heldSlots) return 'stop';
    const ticket = this.ledger.tryAdmitQuery(key, parked?.ticket);
    if (ticket === undefined) {
      this.recycler.evictFor(request);
      return 'stop';
    }
    this.admittedCount += 1;
    // Recorded before the event, so a listener's stats() counts this admission's wait.
    this.waits.record(waitedMs);
    this.events.emit('admitted', { key, waitedMs, fromSpare: parked !== undefined });
    if (parked !== undefined) {
      this.shelf.take(parked);
      this.launcher.claim(request, ticket, parked);
    } else {
      this.launcher.cold(request, ticket);
    }
    return 'granted';
  }

  /** Back to the head of the queue, for a cold start (the refused spare frees its slot when it exits). */
  private requeueCold(request: PoolRequest): void {
    request.noSpare = true;
    this.queue.enqueue(
      request,
      { giveUp: (error, waitedMs) => this.reject(request, error, waitedMs) },
      { signal: request.params.signal, front: true },
    );
    this.drain();
  }

  private reject(request: PoolRequest, error: Error, waitedMs: number): void {
    this.rejectedCount += 1;
    this.events.emit('rejected', { key: request.params.key, waitedMs, error });
    request.pooled.fail(error);
  }

  /** A CLI is gone: free its slot and memory, then admit waiters and refill spares. */
  private release(ticket: AdmissionTicket): void {
    const pid = this.children.pidOf(ticket);
    // The CLI has exited: a descendant of it still running is an orphan (a helper it left behind).
    killProcesses(this.children.remove(ticket));
    this.shelf.forget(ticket);
    this.launcher.forget(ticket);
    if (!this.ledger.release(ticket)) return;
    this.events.emit('released', { kind: ticket.kind, pid, key: ticket.key, peakRssMb: ticket.peakMb });
    this.shutdown.released();
    if (this.closePromise !== undefined) return;
    this.drain();
    this.shelf.refill();
  }
}
