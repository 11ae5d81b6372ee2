import type { AdmissionLedger, AdmissionTicket } from './admission-ledger.js';
import type { PoolChildStats } from './pool-stats.js';
import type { MeasureProcessTrees } from './process-tree-memory.js';

interface Child {
  readonly ticket: AdmissionTicket;
  readonly pid: number;
  rssMb: number;
  /** Every pid of its tree at the last sample (to make sure none outlives the pool). */
  pids: number[];
}

/**
 * The pool's live CLI processes and their memory: samples every tree's RSS from procfs on an
 * unref'd timer while any CLI lives, corrects the ledger's reservations with it, and keeps the
 * total and its peak. Samples never overlap.
 */
export class ChildRegistry {
  private readonly children = new Map<AdmissionTicket, Child>();
  private readonly measure: MeasureProcessTrees;
  private readonly ledger: AdmissionLedger;
  private readonly intervalMs: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private sampling: Promise<void> | undefined;
  /** A child was added while a sample ran: measure again once it ends. */
  private again = false;
  private total = 0;
  private peak = 0;

  constructor(options: { measure: MeasureProcessTrees; ledger: AdmissionLedger; intervalMs: number }) {
    this.measure = options.measure;
    this.ledger = options.ledger;
    this.intervalMs = options.intervalMs;
  }

  /** RSS of every tree at the last sample, MB. */
  get totalRssMb(): number {
    return this.total;
  }

  /** The highest total sampled, MB. */
  get peakTotalRssMb(): number {
    return this.peak;
  }

  /** A CLI started with `pid`: measure it now and from now on. */
  add(ticket: AdmissionTicket, pid: number): void {
    this.children.set(ticket, { ticket, pid, rssMb: 0, pids: [pid] });
    if (this.timer === undefined) {
      this.timer = setInterval(() => void this.sample(), this.intervalMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
    void this.sample();
  }

  /** The CLI of `ticket` exited. Returns the descendants its tree had at the last sample (they should be gone too). */
  remove(ticket: AdmissionTicket): number[] {
    const child = this.children.get(ticket);
    if (child === undefined) return [];
    this.children.delete(ticket);
    if (this.children.size === 0) this.stop();
    return child.pids.filter((pid) => pid !== child.pid);
  }

  /** The root pid of `ticket`'s CLI, when it reported one. */
  pidOf(ticket: AdmissionTicket): number | undefined {
    return this.children.get(ticket)?.pid;
  }

  /** Every pid seen in a live tree at the last sample (roots first). */
  knownPids(): number[] {
    return [...this.children.values()].flatMap((child) => child.pids);
  }

  /** The children, as `stats()` reports them. */
  stats(): PoolChildStats[] {
    return [...this.children.values()].map((child) => ({
      pid: child.pid,
      kind: child.ticket.kind,
      key: child.ticket.key,
      rssMb: child.rssMb,
      peakRssMb: child.ticket.peakMb,
    }));
  }

  /** Measure every tree now (one already running is followed by another, never overlapped). */
  sample(): Promise<void> {
    if (this.sampling !== undefined) {
      this.again = true;
      return this.sampling;
    }
    this.sampling = (async () => {
      do {
        this.again = false;
        await this.takeSample();
      } while (this.again);
    })().finally(() => {
      this.sampling = undefined;
    });
    return this.sampling;
  }

  /** Stop sampling. */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async takeSample(): Promise<void> {
    const children = [...this.children.values()];
    if (children.length === 0) return;
    let trees: Awaited<ReturnType<MeasureProcessTrees>>;
    try {
      trees = await this.measure(children.map((child) => child.pid));
    } catch {
      return;
    }
    let total = 0;
    for (const child of children) {
      const tree = trees.get(child.pid);
      if (tree === undefined || !this.children.has(child.ticket)) continue;
      child.rssMb = tree.rssMb;
      child.pids = tree.pids;
      this.ledger.correct(child.ticket, tree.rssMb);
      total += tree.rssMb;
    }
    this.total = total;
    this.peak = Math.max(this.peak, total);
  }
}
