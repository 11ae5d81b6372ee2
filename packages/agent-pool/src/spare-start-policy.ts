import type { Options } from '@hexagent/core';
import type { PoolQueryOptions } from './pool-query-options.js';
import { prewarmSpareSource } from './prewarm-spare-source.js';
import type { SpareSource } from './spare-source.js';
import { startupSpareSource } from './startup-spare-source.js';

/** How a pool's spares start (see `AgentPoolOptions.spareStart`). */
export type SpareStart = 'auto' | 'prewarm' | 'startup';

/** The kind of spare a pool starts now: `'auto'` resolved. */
export type SpareKind = 'prewarm' | 'startup';

/**
 * Which kind of spare the pool starts. `'prewarm'` and `'startup'` never change. `'auto'` starts
 * `'startup'` spares (the fastest first message) until the first query a startup spare cannot serve
 * (a claimable per-call option that differs from the profile's), then `'prewarm'` spares for the
 * rest of the pool's life: one switch, never back, so a user can tell the kind from the queries so
 * far. With `recycle`, `'auto'` is `'startup'` for good (recycle refuses prewarm spares).
 */
export class SpareStartPolicy {
  private current: SpareKind;

  constructor(
    private readonly mode: SpareStart,
    private readonly recycling: boolean,
  ) {
    this.current = mode === 'prewarm' ? 'prewarm' : 'startup';
  }

  /** The kind of spare started now. */
  get kind(): SpareKind {
    return this.current;
  }

  /** Where spares of {@link kind} come from. */
  get source(): SpareSource {
    return this.current === 'startup' ? startupSpareSource : prewarmSpareSource;
  }

  /**
   * A query with claimable per-call options `perCall` arrived: whether the pool switches to
   * prewarm spares now (true once, for an `'auto'` pool without `recycle`).
   */
  switchesFor(profile: Options, perCall: PoolQueryOptions | undefined): boolean {
    if (this.mode !== 'auto' || this.recycling || this.current === 'prewarm') return false;
    if (startupSpareSource.fits(profile, perCall)) return false;
    this.current = 'prewarm';
    return true;
  }
}
