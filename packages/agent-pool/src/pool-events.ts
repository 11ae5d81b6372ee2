/** What a pool's CLI is doing: serving a query, or parked as a warm spare. */
export type PoolCliKind = 'query' | 'spare';

/** The events of an agent pool and what each carries. */
export interface AgentPoolEvents {
  /** A CLI process started (a cold query's, or a spare's). */
  spawned: { kind: PoolCliKind; pid: number | undefined };
  /** A query took over a warm spare (`recycled`: a CLI that had served a query before). */
  claimed: { pid: number | undefined; key: string | undefined; recycled: boolean };
  /**
   * A query's CLI was recycled (`recycle`): `/clear` reset its conversation and it is parked for
   * the next query of `key`; `uses` is how many queries it has served.
   */
  recycled: { pid: number | undefined; key: string | undefined; uses: number };
  /** A query's CLI could not be recycled after all (`PoolRecycleError` says why); it is closed. */
  recycleFailed: { pid: number | undefined; key: string | undefined; error: Error };
  /** A query could not be admitted at once and waits; `queued` is the queue's length now. */
  queued: { key: string | undefined; queued: number };
  /** A query was admitted (`fromSpare`: it claimed a spare) after waiting `waitedMs`. */
  admitted: { key: string | undefined; waitedMs: number; fromSpare: boolean };
  /** A query left without being admitted: its timeout, its signal, or the pool closing. */
  rejected: { key: string | undefined; waitedMs: number; error: Error };
  /** A CLI has exited and its slot and memory are free again. */
  released: { kind: PoolCliKind; pid: number | undefined; key: string | undefined; peakRssMb: number };
  /** Starting a spare failed; the pool tries again later (queries fall back to cold starts meanwhile). */
  refillFailed: { error: unknown };
  /** A spare's claim was refused; its query was started cold instead (or failed, see `error`). */
  claimRefused: { error: unknown; fellBack: boolean };
  /**
   * `spareStart: 'auto'` switched to prewarm spares (`spareStart`, the kind started from now on) on
   * the first query a startup spare could not serve; `retired`: the parked startup spares closed.
   */
  spareStartSwitched: { spareStart: 'prewarm' | 'startup'; retired: number };
  /** `close()` finished: every CLI of the pool has exited. */
  closed: { killed: number };
}

/** A listener of event `E`. */
export type AgentPoolListener<E extends keyof AgentPoolEvents> = (event: AgentPoolEvents[E]) => void;

/**
 * A small typed event emitter. Listeners run synchronously in the order added; one that throws is
 * skipped (the pool's bookkeeping must not depend on user code).
 */
export class PoolEventEmitter {
  private readonly listeners = new Map<keyof AgentPoolEvents, Set<(event: never) => void>>();

  /** Listen to `event`; returns a function that stops listening. */
  on<E extends keyof AgentPoolEvents>(event: E, listener: AgentPoolListener<E>): () => void {
    let set = this.listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (event: never) => void);
    return () => this.off(event, listener);
  }

  /** Stop calling `listener` for `event`. */
  off<E extends keyof AgentPoolEvents>(event: E, listener: AgentPoolListener<E>): void {
    this.listeners.get(event)?.delete(listener as (event: never) => void);
  }

  /** Call the listeners of `event`. */
  emit<E extends keyof AgentPoolEvents>(event: E, payload: AgentPoolEvents[E]): void {
    const set = this.listeners.get(event);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        (listener as AgentPoolListener<E>)(payload);
      } catch {
        // A throwing listener must not break admission or release.
      }
    }
  }
}
