import type { Options } from '@hexagent/core';
import type { PoolQueryOptions } from './pool-query-options.js';
import type { SpareSource } from './spare-source.js';
import { type SpareKind, SpareStartPolicy } from './spare-start-policy.js';
import { startupSpareSource } from './startup-spare-source.js';

/**
 * Where a pool's spares come from now. A pool made by `createAgentPool` has a
 * {@link SpareStartPolicy}, which may switch the source once (`spareStart: 'auto'`); a pool built on a
 * fixed {@link SpareSource} keeps it; a pool given neither starts no spares.
 */
export class CurrentSpareSource {
  private current: SpareSource | undefined;
  private readonly policy: SpareStartPolicy | undefined;

  constructor(spares: SpareSource | SpareStartPolicy | undefined) {
    this.policy = spares instanceof SpareStartPolicy ? spares : undefined;
    this.current = spares instanceof SpareStartPolicy ? spares.source : spares;
  }

  /** The source spares start from now; undefined for a pool without spares. */
  get source(): SpareSource | undefined {
    return this.current;
  }

  /** The kind of spare started now (`stats().spareStart`). */
  get kind(): SpareKind {
    return this.policy?.kind ?? (this.current === startupSpareSource ? 'startup' : 'prewarm');
  }

  /** False when spares come from a source whose spares cannot serve a query with `perCall`. */
  fits(profile: Options, perCall: PoolQueryOptions | undefined): boolean {
    return this.current?.fits(profile, perCall) !== false;
  }

  /**
   * A query with claimable per-call options `perCall` arrived. When the policy switches now (once,
   * see {@link SpareStartPolicy.switchesFor}), spares come from the new source from now on, and it is
   * returned; else undefined.
   */
  switchFor(profile: Options, perCall: PoolQueryOptions | undefined): SpareSource | undefined {
    if (this.policy?.switchesFor(profile, perCall) !== true) return undefined;
    this.current = this.policy.source;
    return this.current;
  }
}
