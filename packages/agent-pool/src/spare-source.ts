import type { SessionFactories } from '@hexagent/compose';
import type { Options } from '@hexagent/core';
import type { Query } from '@hexagent/sdk';
import type { PoolQueryOptions } from './pool-query-options.js';
import type { ReusableCli } from './reusable-cli.js';
import type { SpareClaimParams } from './spare-claim-params.js';

/** One warm CLI as the pool sees it: parked until claimed, single use. */
export interface PoolSpare {
  /** Bind it to a query and send the prompt; returns the query at once (synchronously). */
  claim(params: SpareClaimParams): Query;
  /**
   * Settles when the CLI answered the claim; rejects when it refused it (the prompt has not run),
   * except for a rejection whose message starts with `option_not_applied` (the prompt runs anyway).
   */
  readonly claimed: Promise<unknown>;
  /** Settles when the CLI has exited, claimed or not. */
  readonly exited: Promise<void>;
  /** Discard it (parked) or let it go. */
  close(): Promise<void>;
  /**
   * Set for a CLI the pool owns and may serve turn by turn and recycle (a startup spare); a
   * `prewarm()` spare has none (its claimed session is the spare's own).
   */
  readonly reusable?: ReusableCli;
}

/**
 * The pool's seam to warm processes: where spares come from. The pool calls `prewarm` with its
 * profile options and factories whose transport factory reports the CLI's pid and exit to the
 * pool (so a spare's process is measured and released like a query's).
 */
export interface SpareSource {
  /**
   * Whether a spare started with `profile` can serve a query with these per-call options (the
   * pool asks only for queries whose per-call options are all claimable); else it starts cold.
   */
  fits(profile: Options, perCall: PoolQueryOptions | undefined): boolean;
  /** Start one spare; resolves once it is parked and claimable. */
  prewarm(options: Options, factories: SessionFactories): Promise<PoolSpare>;
}
