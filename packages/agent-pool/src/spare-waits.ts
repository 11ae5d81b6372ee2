import type { AdmissionLedger } from './admission-ledger.js';
import type { CliRecycler } from './cli-recycler.js';
import type { PoolRequest } from './pool-request.js';
import type { ParkedSpare, SpareShelf } from './spare-shelf.js';

/**
 * Which waiters wait for a CLI that is about to be claimable rather than start one of their own:
 * a spare still starting (it began before the query came, so it is ready no later than a cold
 * start would be, and a cold start beside it doubles the CPU of a burst), or, with `recycle`, a
 * CLI of the query's key coming back (its last query's `result` handed on, or its `/clear`
 * running: soon over; a fresh spare or a cold start taken instead costs a CLI start, while the
 * recycled CLI idles). Each such CLI is awaited by one
 * waiter at most, and that waiter keeps a running place: a waiter behind it does not take it.
 * Counts are per admission pass ({@link startPass}); the CLI's arrival drains the queue again.
 */
export class SpareWaits {
  private byKey = new Map<string | undefined, number>();
  private fresh = 0;
  private held = 0;

  constructor(private readonly deps: { shelf: SpareShelf; ledger: AdmissionLedger; recycler: CliRecycler }) {}

  /** An admission pass over the waiters starts: nothing is awaited yet. */
  startPass(): void {
    this.byKey = new Map();
    this.fresh = 0;
    this.held = 0;
  }

  /** Running places held in this pass by waiters that wait (not for those behind them). */
  get heldSlots(): number {
    return this.held;
  }

  /** Whether `request`, which would take `chosen` (or start cold), waits instead; if so it is counted. */
  awaits(request: PoolRequest, chosen: ParkedSpare | undefined): boolean {
    const { shelf, ledger, recycler } = this.deps;
    if (request.noSpare || ledger.freeSlots <= this.held) return false;
    if (chosen !== undefined && recycler.isRecycled(chosen)) return false;
    if (request.recyclable) {
      const key = request.params.key;
      const awaited = this.byKey.get(key) ?? 0;
      if (recycler.comingBack(key) > awaited) {
        this.byKey.set(key, awaited + 1);
        this.held += 1;
        return true;
      }
    }
    if (chosen !== undefined || shelf.launching <= this.fresh) return false;
    this.fresh += 1;
    this.held += 1;
    return true;
  }
}
