import type { AgentPoolQueryParams } from './agent-pool-options.js';
import type { PooledQuery } from './pooled-query.js';

/** A query asked of the pool: waiting for admission, or being started. */
export interface PoolRequest {
  readonly params: AgentPoolQueryParams;
  /** What the caller holds: it waits for admission, then forwards to the query that runs. */
  readonly pooled: PooledQuery;
  /** Start it cold: a per-call option a spare cannot take, or a spare refused its claim. */
  noSpare: boolean;
  /** With `recycle`: it may run as one turn of a CLI the pool keeps (see `isRecyclableQuery`). */
  readonly recyclable: boolean;
}
