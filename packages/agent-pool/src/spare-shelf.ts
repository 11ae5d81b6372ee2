import type { SessionFactories } from '@hexagent/compose';
import type { Options } from '@hexagent/core';
import type { AdmissionLedger, AdmissionTicket } from './admission-ledger.js';
import type { PoolEventEmitter } from './pool-events.js';
import type { PoolSpare, SpareSource } from './spare-source.js';

/** A parked spare and the ticket (slot in the spare allowance, reserved memory) it holds. */
export interface ParkedSpare {
  readonly spare: PoolSpare;
  readonly ticket: AdmissionTicket;
}

const FIRST_BACKOFF_MS = 500;
/** The longest a claimed spare's replacement waits for the claimed CLI's first answer, ms. */
export const MAX_REFILL_HOLD_MS = 10_000;

/**
 * The hold on refilling after a claim: released once the delay is over and the claimed CLI has
 * answered (its first `assistant` message or `result`, or its exit), or after {@link MAX_REFILL_HOLD_MS}.
 */
interface RefillHold {
  readonly ticket: AdmissionTicket;
  delayOver: boolean;
  answered: boolean;
  readonly timers: Array<ReturnType<typeof setTimeout>>;
}
const MAX_BACKOFF_MS = 30_000;

/**
 * The pool's warm spares: keeps up to the allowance parked (each one reserved in the ledger before
 * it starts), hands one to a query, refills in the background, and backs off after a failed start.
 * With `recycle`, a CLI whose query ended is put back here: resetting (not claimable), then parked.
 */
export class SpareShelf {
  private readonly parked: ParkedSpare[] = [];
  /** Recycled CLIs running their `/clear`: held (and closed with the shelf) but not claimable yet. */
  private readonly resetting: ParkedSpare[] = [];
  private startingCount = 0;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set after a claim until the claimed CLI answered: its first message comes without a spare booting beside it. */
  private hold: RefillHold | undefined;
  private closed = false;

  constructor(
    private readonly deps: {
      /** Where spares come from; {@link switchSource} may change it (`spareStart: 'auto'`). */
      source: SpareSource | undefined;
      options: Options;
      ledger: AdmissionLedger;
      events: PoolEventEmitter;
      factoriesFor(ticket: AdmissionTicket): SessionFactories;
      release(ticket: AdmissionTicket): void;
      /** A spare was parked: a waiting query may take it. */
      changed(): void;
      /** How long after a claim the replacement starts, ms (0: at once). */
      refillDelayMs: number;
      /** Spare places to keep free: CLIs of running queries that may come back recycled. */
      expectedBack(): number;
    },
  ) {}

  /** Spares parked and claimable. */
  get ready(): number {
    return this.parked.length;
  }

  /** Fresh spares starting (recycled CLIs being reset not included). */
  get launching(): number {
    return this.startingCount;
  }

  /** Spares starting, recycled CLIs being reset included. */
  get starting(): number {
    return this.startingCount + this.resetting.length;
  }

  /** The first parked spare `accept` takes (oldest first), without taking it. */
  find(accept: (entry: ParkedSpare) => boolean): ParkedSpare | undefined {
    return this.parked.find(accept);
  }

  /** How many recycled CLIs still resetting `accept` takes. */
  countResetting(accept: (entry: ParkedSpare) => boolean): number {
    return this.resetting.filter(accept).length;
  }

  /** A recycled CLI is back: held while it resets (see {@link makeClaimable}). */
  holdResetting(entry: ParkedSpare): void {
    this.resetting.push(entry);
  }

  /** A recycled CLI's reset held: it is parked and claimable. */
  makeClaimable(ticket: AdmissionTicket): void {
    const index = this.resetting.findIndex((entry) => entry.ticket === ticket);
    if (index === -1) return;
    const [entry] = this.resetting.splice(index, 1);
    if (entry === undefined) return;
    this.parked.push(entry);
    this.deps.changed();
  }

  /**
   * Start spares from `source` from now on: the parked spares (of the old kind) are closed, and one
   * of the old kind still starting is closed once it parks; their places refill from `source` as
   * they are released.
   */
  switchSource(source: SpareSource): void {
    this.deps.source = source;
    for (const entry of [...this.parked]) this.evict(entry);
  }

  /** Close a parked spare now (a waiting query needs its memory). */
  evict(entry: ParkedSpare): void {
    this.forget(entry.ticket);
    void this.discard(entry);
  }

  /**
   * Take `parked` off the shelf (it was claimed) and start its replacement once the claimed CLI
   * has answered (its first `assistant` message or `result`, see {@link answered}) and
   * `refillDelayMs` has passed, at most {@link MAX_REFILL_HOLD_MS} after the claim: a CLI booting
   * takes a core for a few hundred ms of CPU, which the claimed CLI's first turn would otherwise
   * share (measured on 2 loaded cores: the booting spare landed inside the claimed CLI's first turn
   * whenever that took longer than the delay alone).
   */
  take(parked: ParkedSpare): void {
    this.forget(parked.ticket);
    if (this.deps.refillDelayMs <= 0 || this.closed) {
      // After the claim that took it, which may make its CLI one expected back (`expectedBack`).
      queueMicrotask(() => this.refill());
      return;
    }
    if (this.hold !== undefined) this.endHold(this.hold, false);
    const hold: RefillHold = { ticket: parked.ticket, delayOver: false, answered: false, timers: [] };
    const after = (ms: number, then: () => void) => {
      const timer = setTimeout(then, ms);
      (timer as { unref?: () => void }).unref?.();
      hold.timers.push(timer);
    };
    after(this.deps.refillDelayMs, () => {
      hold.delayOver = true;
      if (hold.answered) this.endHold(hold, true);
    });
    after(Math.max(MAX_REFILL_HOLD_MS, this.deps.refillDelayMs), () => this.endHold(hold, true));
    this.hold = hold;
  }

  /**
   * `ticket`'s CLI answered a turn: a hold waiting on it may end. Called for every answer of every
   * CLI (cheap), from the transport before the answer goes on to the caller, so the replacement
   * starts on a later turn of the event loop: spawning a CLI takes the thread for ~10-100 ms, which
   * the caller's first message would otherwise wait behind.
   */
  answered(ticket: AdmissionTicket): void {
    const hold = this.hold;
    if (hold === undefined || hold.ticket !== ticket || hold.answered) return;
    hold.answered = true;
    if (hold.delayOver) setImmediate(() => this.endHold(hold, true));
  }

  /** A spare's CLI exited (or a claimed one was released): off the shelf, and no hold waits on it. */
  forget(ticket: AdmissionTicket): void {
    if (this.hold?.ticket === ticket) this.answered(ticket);
    for (const list of [this.parked, this.resetting]) {
      const index = list.findIndex((entry) => entry.ticket === ticket);
      if (index !== -1) list.splice(index, 1);
    }
  }

  /** Start spares until the allowance (or the memory budget) is used; nothing while backing off. */
  refill(): void {
    const source = this.deps.source;
    if (source === undefined || this.closed || this.retryTimer !== undefined || this.hold !== undefined) return;
    const reserve = () => this.deps.ledger.tryReserveSpare(this.deps.expectedBack());
    for (let ticket = reserve(); ticket !== undefined; ticket = reserve()) this.start(source, ticket);
  }

  /** Stop refilling and discard the parked spares. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.hold !== undefined) this.endHold(this.hold, false);
    const parked = [...this.parked.splice(0), ...this.resetting.splice(0)];
    await Promise.allSettled(parked.map((entry) => this.discard(entry)));
  }

  private start(source: SpareSource, ticket: AdmissionTicket): void {
    this.startingCount += 1;
    source.prewarm(this.deps.options, this.deps.factoriesFor(ticket)).then(
      (spare) => {
        this.startingCount -= 1;
        this.failures = 0;
        const entry = { spare, ticket };
        // Whatever way the spare goes (its transport may not report to the pool), its place is freed.
        void spare.exited.then(() => {
          this.forget(ticket);
          this.deps.release(ticket);
        });
        if (this.closed || ticket.released || source !== this.deps.source) {
          void this.discard(entry);
          return;
        }
        this.parked.push(entry);
        this.deps.changed();
      },
      (error: unknown) => {
        this.startingCount -= 1;
        // Back off first: the release below would otherwise refill at once.
        this.backOff();
        this.deps.events.emit('refillFailed', { error });
        this.deps.release(ticket);
      },
    );
  }

  private async discard(entry: ParkedSpare): Promise<void> {
    try {
      await entry.spare.close();
      await entry.spare.exited;
    } finally {
      this.deps.release(entry.ticket);
    }
  }

  /** End `hold` (its timers too) if it is still the current one; with `refill`, start the replacements now. */
  private endHold(hold: RefillHold, refill: boolean): void {
    if (this.hold !== hold) return;
    this.hold = undefined;
    for (const timer of hold.timers) clearTimeout(timer);
    if (refill) this.refill();
  }

  private backOff(): void {
    if (this.closed) return;
    this.failures += 1;
    const delay = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.refill();
    }, delay);
    (this.retryTimer as { unref?: () => void }).unref?.();
  }
}
