import type { Options } from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import type { AdmissionLedger, AdmissionTicket } from './admission-ledger.js';
import type { AgentPoolQueryParams } from './agent-pool-options.js';
import type { PoolEventEmitter } from './pool-events.js';
import type { PoolRecycleError } from './pool-recycle-error.js';
import type { PoolRequest } from './pool-request.js';
import { isRecyclableQuery, type RecycleSettings } from './recycle-rules.js';
import type { ReusableCli } from './reusable-cli.js';
import type { ParkedSpare, SpareShelf } from './spare-shelf.js';

/**
 * The pool's side of `recycle`: serves a recyclable query as one turn of a {@link ReusableCli},
 * decides at its `result` whether the CLI is kept (and moves its ticket from running query to
 * parked spare in the same step), puts it on the shelf while `/clear` runs and makes it claimable
 * once the reset held. It also says which parked CLI may serve which query (same `key` only) and,
 * when a waiting query is refused for memory that a recycled CLI of another key holds, closes that CLI.
 */
export class CliRecycler {
  /** CLIs serving a turn now. */
  private readonly serving = new Set<ReusableCli>();
  /** The pid of each kept CLI, for its events (a CLI that exits is forgotten by the pool before its reset ends). */
  private readonly pids = new WeakMap<ReusableCli, number | undefined>();
  private recycledCount = 0;
  private evicting = false;

  constructor(
    private readonly deps: {
      settings: RecycleSettings | undefined;
      ledger: AdmissionLedger;
      shelf: SpareShelf;
      events: PoolEventEmitter;
      pidOf(ticket: AdmissionTicket): number | undefined;
      /** The CLI of `ticket` no longer runs a query: it is the shelf's now. */
      parked(ticket: AdmissionTicket): void;
      /** A running slot was freed: admit waiting queries. */
      drain(): void;
      closing(): boolean;
    },
  ) {}

  /** CLIs recycled so far. */
  get recycled(): number {
    return this.recycledCount;
  }

  /** CLIs serving a turn that may come back to the shelf (untainted, under the use limit). */
  expectedBack(): number {
    const max = this.deps.settings?.maxQueriesPerCli ?? 0;
    let count = 0;
    for (const cli of this.serving) if (cli.taintedBy === undefined && cli.uses < max) count += 1;
    return count;
  }

  /**
   * CLIs of `key` that will be claimable soon: resetting on the shelf, or serving a turn whose
   * `result` was handed on and that may come back (untainted, under the use limit).
   */
  comingBack(key: string | undefined): number {
    const max = this.deps.settings?.maxQueriesPerCli ?? 0;
    let count = this.deps.shelf.countResetting((entry) => entry.spare.reusable?.key === key);
    for (const cli of this.serving) {
      if (cli.returning && cli.key === key && cli.taintedBy === undefined && cli.uses < max) count += 1;
    }
    return count;
  }

  /** Whether `params` may run as one turn of a recycled CLI (`recycle` on, see `isRecyclableQuery`). */
  accepts(profile: Options, params: AgentPoolQueryParams): boolean {
    return this.deps.settings !== undefined && isRecyclableQuery(profile, params);
  }

  /** Whether `entry` is a recycled CLI (one that served a query before). */
  isRecycled(entry: ParkedSpare): boolean {
    return (entry.spare.reusable?.uses ?? 0) > 0;
  }

  /** Whether the recycled CLI of `entry` may serve `request`: a recyclable query with the same `key`. */
  canServe(entry: ParkedSpare, request: PoolRequest): boolean {
    return request.recyclable && this.isRecycled(entry) && entry.spare.reusable?.key === request.params.key;
  }

  /**
   * The parked spare `request` takes, if any: a recycled CLI it may use first (its first message
   * comes soonest), else a fresh spare; none for a query that must start cold.
   */
  choose(request: PoolRequest): ParkedSpare | undefined {
    if (request.noSpare) return undefined;
    const { shelf } = this.deps;
    return shelf.find((entry) => this.canServe(entry, request)) ?? shelf.find((entry) => !this.isRecycled(entry));
  }

  /** Serve `request` as one turn of `cli`, which holds `ticket`. Throws when the CLI cannot take it. */
  serve(request: PoolRequest, ticket: AdmissionTicket, cli: ReusableCli): Query {
    const settings = this.deps.settings;
    if (settings === undefined || typeof request.params.prompt !== 'string') throw new Error('not a recyclable query');
    if (!cli.alive) throw new Error('the CLI has exited');
    const { prompt, key, signal } = request.params;
    const query = cli.serve(
      { prompt, key, signal, resetTimeoutMs: settings.resetTimeoutMs },
      { keep: () => this.keep(cli, ticket), resetEnded: (_, error) => this.resetEnded(cli, ticket, error) },
    );
    this.serving.add(cli);
    void cli.exited.then(() => this.serving.delete(cli));
    return query;
  }

  /**
   * A waiting query was refused: if only memory keeps it out and a recycled CLI it cannot use
   * holds enough, close that CLI (its release admits the query). One at a time.
   */
  evictFor(request: PoolRequest): void {
    if (this.deps.settings === undefined || this.evicting) return;
    const entry = this.deps.shelf.find(
      (candidate) =>
        this.isRecycled(candidate) &&
        !this.canServe(candidate, request) &&
        this.deps.ledger.memoryBlocks(request.params.key, candidate.ticket.reservedMb),
    );
    if (entry === undefined) return;
    this.evicting = true;
    void entry.spare.exited.finally(() => {
      this.evicting = false;
    });
    this.deps.shelf.evict(entry);
  }

  /** The turn's run is over: keep the CLI when every rule holds and the ledger parks it (synchronously). */
  private keep(cli: ReusableCli, ticket: AdmissionTicket): boolean {
    this.serving.delete(cli);
    const max = this.deps.settings?.maxQueriesPerCli ?? 0;
    if (this.deps.closing() || cli.taintedBy !== undefined || cli.uses >= max) return false;
    if (!this.deps.ledger.tryPark(ticket)) return false;
    this.pids.set(cli, this.deps.pidOf(ticket));
    this.deps.parked(ticket);
    this.deps.shelf.holdResetting({ spare: cli, ticket });
    // Its running slot is free; admitting is not done from inside the CLI's message routing.
    queueMicrotask(() => this.deps.drain());
    return true;
  }

  private resetEnded(cli: ReusableCli, ticket: AdmissionTicket, error: PoolRecycleError | undefined): void {
    // A pool closing discards it (or already did) and says nothing.
    if (this.deps.closing()) return;
    const pid = this.pids.get(cli);
    if (error !== undefined) {
      // The CLI is being closed; its release frees the place.
      this.deps.events.emit('recycleFailed', { pid, key: cli.key, error });
      return;
    }
    this.recycledCount += 1;
    this.deps.events.emit('recycled', { pid, key: cli.key, uses: cli.uses });
    this.deps.shelf.makeClaimable(ticket);
  }
}
