/** What a ticket holds: a running query's CLI, or a parked spare CLI. */
export type TicketKind = 'query' | 'spare';

/** One CLI's place in the pool: its slot and the memory reserved for it. */
export interface AdmissionTicket {
  readonly id: number;
  kind: TicketKind;
  /** The tenant key of a query (per-key limits), if any; a recycled CLI parked keeps its last query's. */
  key: string | undefined;
  /** Reserved memory, MB: the estimate at admission, raised to the CLI's measured peak. */
  reservedMb: number;
  /** The highest RSS measured for this CLI's process tree, MB (0 before the first sample). */
  peakMb: number;
  released: boolean;
}

/** The limits the ledger enforces. */
export interface AdmissionLimits {
  /** Running query CLIs at most. */
  maxConcurrent: number;
  /** Parked spare CLIs at most (a separate allowance: a parked spare takes no running slot). */
  maxSpares: number;
  /** Memory for every CLI the pool holds, running or parked, MB. */
  memoryBudgetMb: number;
  /** Running queries per key at most; no limit when undefined. */
  perKeyLimit?: number | undefined;
}

/** How many measured CLIs teach the estimate before it stays put. */
const LEARN_FROM = 3;

/**
 * The pool's admission semaphore. Every decision (is there a slot, a key slot and memory?) and its
 * reservation happen in one synchronous call, so two callers in the same tick can never both take
 * the last slot: there is no await between the check and the act. Memory is reserved from an
 * estimate before a CLI spawns and corrected upward by measurement; the estimate itself is learned
 * from the peaks of the first CLIs measured. Pure (no I/O, no timers).
 */
export class AdmissionLedger {
  private readonly limits: AdmissionLimits;
  private readonly tickets = new Set<AdmissionTicket>();
  private readonly perKey = new Map<string, number>();
  private nextId = 1;
  private runningCount = 0;
  private spareCount = 0;
  private learned: number[] = [];
  private estimate: number;

  constructor(limits: AdmissionLimits, estimateMb: number) {
    this.limits = limits;
    this.estimate = estimateMb;
  }

  /** The memory a CLI not yet measured is expected to take, MB. */
  get estimateMb(): number {
    return this.estimate;
  }

  /** Running query CLIs. */
  get running(): number {
    return this.runningCount;
  }

  /** Running places left under `maxConcurrent`. */
  get freeSlots(): number {
    return Math.max(0, this.limits.maxConcurrent - this.runningCount);
  }

  /** Parked spare CLIs (and spares starting). */
  get spares(): number {
    return this.spareCount;
  }

  /** Memory reserved for every live ticket, MB. */
  get reservedMb(): number {
    let total = 0;
    for (const ticket of this.tickets) total += ticket.reservedMb;
    return total;
  }

  /** True when `key` holds as many running queries as the per-key limit allows. */
  keyAtLimit(key: string | undefined): boolean {
    if (key === undefined || this.limits.perKeyLimit === undefined) return false;
    return (this.perKey.get(key) ?? 0) >= this.limits.perKeyLimit;
  }

  /** Live tickets: running queries and spares. */
  get held(): number {
    return this.tickets.size;
  }

  /**
   * Admit a query now or not at all: a running slot, a slot of its key and, unless it takes over
   * the parked `spare` (whose memory is already reserved), the estimate within the budget. With no
   * CLI held at all the budget is waived, so a budget below one CLI still makes progress.
   */
  tryAdmitQuery(key: string | undefined, spare?: AdmissionTicket): AdmissionTicket | undefined {
    if (this.runningCount >= this.limits.maxConcurrent) return undefined;
    if (this.keyAtLimit(key)) return undefined;
    if (spare !== undefined && (spare.released || spare.kind !== 'spare')) return undefined;
    if (spare === undefined && this.tickets.size > 0 && !this.fits(this.estimate)) return undefined;
    let ticket: AdmissionTicket;
    if (spare !== undefined) {
      ticket = spare;
      ticket.kind = 'query';
      this.spareCount -= 1;
    } else {
      ticket = this.newTicket('query');
    }
    ticket.key = key;
    this.runningCount += 1;
    if (key !== undefined) this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    return ticket;
  }

  /**
   * Reserve a spare's place (within `maxSpares` and, strictly, the memory budget), or nothing.
   * `expected` places are kept free for CLIs expected back (running queries the pool may recycle).
   */
  tryReserveSpare(expected = 0): AdmissionTicket | undefined {
    if (this.spareCount + expected >= this.limits.maxSpares || !this.fits(this.estimate)) return undefined;
    this.spareCount += 1;
    return this.newTicket('spare');
  }

  /**
   * Turn a running query's ticket into a parked spare's (its CLI is kept for another query): only
   * within `maxSpares` and while everything reserved, this CLI included, fits the memory budget.
   * Frees its running slot and its key's slot. Returns false (nothing changed) otherwise.
   */
  tryPark(ticket: AdmissionTicket): boolean {
    if (ticket.released || ticket.kind !== 'query') return false;
    if (this.spareCount >= this.limits.maxSpares || this.reservedMb > this.limits.memoryBudgetMb) return false;
    this.leaveRunning(ticket);
    ticket.kind = 'spare';
    this.spareCount += 1;
    return true;
  }

  /**
   * True when a cold query of `key` is refused for memory alone, and releasing a parked CLI that
   * holds `freedMb` would let it in (the pool then closes that CLI rather than keep the query waiting).
   */
  memoryBlocks(key: string | undefined, freedMb: number): boolean {
    if (this.runningCount >= this.limits.maxConcurrent || this.keyAtLimit(key) || this.fits(this.estimate))
      return false;
    return this.tickets.size <= 1 || this.reservedMb - freedMb + this.estimate <= this.limits.memoryBudgetMb;
  }

  /** Give a ticket's slot and memory back; idempotent. Returns false when it was already released. */
  release(ticket: AdmissionTicket): boolean {
    if (ticket.released) return false;
    ticket.released = true;
    this.tickets.delete(ticket);
    if (ticket.kind === 'spare') this.spareCount -= 1;
    else this.leaveRunning(ticket);
    if (ticket.peakMb > 0 && this.learned.length < LEARN_FROM) {
      this.learned.push(ticket.peakMb);
      this.estimate = Math.ceil(Math.max(...this.learned));
    }
    return true;
  }

  /** A measurement of a ticket's process tree: its reservation rises to the peak seen (never falls below the estimate it was admitted with). */
  correct(ticket: AdmissionTicket, rssMb: number): void {
    if (ticket.released) return;
    ticket.peakMb = Math.max(ticket.peakMb, rssMb);
    ticket.reservedMb = Math.max(ticket.reservedMb, ticket.peakMb);
  }

  private leaveRunning(ticket: AdmissionTicket): void {
    this.runningCount -= 1;
    if (ticket.key === undefined) return;
    const left = (this.perKey.get(ticket.key) ?? 1) - 1;
    if (left === 0) this.perKey.delete(ticket.key);
    else this.perKey.set(ticket.key, left);
  }

  private fits(mb: number): boolean {
    return this.reservedMb + mb <= this.limits.memoryBudgetMb;
  }

  private newTicket(kind: TicketKind): AdmissionTicket {
    const ticket: AdmissionTicket = {
      id: this.nextId++,
      kind,
      key: undefined,
      reservedMb: this.estimate,
      peakMb: 0,
      released: false,
    };
    this.tickets.add(ticket);
    return ticket;
  }
}
