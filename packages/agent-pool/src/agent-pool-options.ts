import type { Options, SDKUserMessageInput } from '@hexagent/core';
import type { PoolQueryOptions } from './pool-query-options.js';
import type { MeasureProcessTrees } from './process-tree-memory.js';

/** Default memory reserved for a CLI before any has been measured, MB. */
export const DEFAULT_POOL_CLI_ESTIMATE_MB = 200;

/** Default delay before a claimed spare's replacement starts, ms. */
export const DEFAULT_SPARE_REFILL_DELAY_MS = 1000;

/** The settings of {@link createAgentPool}. */
export interface AgentPoolOptions {
  /**
   * The profile: the options every CLI the pool starts with (a warm spare starts with exactly
   * these, before its query is known). A query's per-call options replace the profile's values of
   * the same names. Leave `abortController` out: give `signal` per query.
   */
  options?: Options;
  /** Warm spares to keep parked (default 0: every query starts cold). See the guide's "Agent pool". */
  spares?: number;
  /**
   * How the spares start (default `'auto'`):
   * - `'auto'`: `'startup'` spares until the first query a startup spare cannot serve (a claimable
   *   per-call option that differs from the profile's); that query starts cold, the parked startup
   *   spares are closed, and the pool starts `'prewarm'` spares from then on, for good (no switch
   *   back). With `recycle`, `'auto'` is `'startup'` and never switches. `stats().spareStart` tells
   *   the kind started now; the switch emits `spareStartSwitched`.
   * - `'prewarm'`: parked with `--await-claim`; a claim sets the query's claimable options (`cwd`,
   *   `model`, `permissionMode`, ...), at the cost of the claim's round trip and the session's setup.
   * - `'startup'`: started with the profile itself and through `initialize`, so the prompt is the
   *   first thing the CLI gets (the fastest first message). Only a query whose claimable options all
   *   equal the profile's (`cwd`: the profile's, else this process's) can take one; any other
   *   starts cold while the spare stays parked.
   */
  spareStart?: 'auto' | 'prewarm' | 'startup';
  /**
   * How long after a spare is claimed its replacement starts at the earliest, ms (default 1000; 0: at
   * once). Past it, the replacement also waits for the claimed CLI's first answer (an `assistant`
   * message or a `result`, or its exit; at most 10 s after the claim), so the claimed CLI's first
   * message does not share the machine with a CLI booting.
   */
  spareRefillDelayMs?: number;
  /** Query CLIs running at once, at most. Parked spares do not count here (they have their own allowance, `spares`). */
  maxConcurrent: number;
  /**
   * Memory for every CLI process tree the pool holds (running and parked), MB: a CLI is admitted
   * only when its reservation fits. When the pool holds no CLI at all one query is admitted whatever its size.
   *
   * Default (left out): half the memory limit of the process (its cgroup limit when one is set,
   * else the machine's memory), at most the memory available when the pool is made; see
   * `stats().memory.budgetMb` for the value taken. A budget that leaves no room for one spare
   * while `spares` asks for some is reported with a process warning (`HEXAGENT_POOL_BUDGET_TOO_SMALL`).
   */
  memoryBudgetMb?: number;
  /** How long a query may wait for admission before it fails with `PoolQueueTimeoutError` (default: no limit). */
  queueTimeoutMs?: number;
  /** Running queries per `key` at most (multi-tenant hosts); no per-key limit when unset. */
  perKeyLimit?: number;
  /** Memory reserved for a CLI before one was measured, MB (default 200); learned from the first CLIs' peaks. */
  estimateMbPerCli?: number;
  /** How often the CLIs' RSS is sampled from procfs, ms (default 500). */
  sampleIntervalMs?: number;
  /** How the process trees are measured (default: procfs). A seam for tests and non-Linux hosts. */
  measureProcessTrees?: MeasureProcessTrees;
  /**
   * Recycle CLIs (default: off; `true` for the defaults). A query that can be recycled does not end
   * its CLI: after its `result` the pool sends the CLI `/clear`, checks that a new conversation began,
   * and parks it in a place of the spare allowance (`spares`, required >= 1; the spares start as
   * `spareStart: 'startup'`, the only kind allowed with `recycle`), where the next query
   * with the same `key` takes it: its prompt is the next thing sent, and its first message comes in
   * about the time of a second turn. Only a string-prompt query that takes the profile as it is can
   * be recycled, and only when its caller neither left it before the `result` nor called a control
   * that changes the CLI. See the guide's "Agent pool" for the rules and what `/clear` leaves behind.
   */
  recycle?: boolean | AgentPoolRecycleOptions;
}

/** The settings of `recycle` (see {@link AgentPoolOptions.recycle}). */
export interface AgentPoolRecycleOptions {
  /**
   * Queries one CLI serves at most; after the last it ends as usual (default 50: a recycled CLI's
   * RSS levels off at ~1.4x a fresh one's from ~20 to ~60 queries and climbs again after; see the guide).
   */
  maxQueriesPerCli?: number;
  /** How long a CLI may take to answer `/clear`, ms (default 10,000); past it the CLI is closed. */
  resetTimeoutMs?: number;
}

/** The arguments of `pool.query()`. */
export interface AgentPoolQueryParams {
  /** One prompt, or a stream of user messages, as for `query()`. */
  prompt: string | AsyncIterable<SDKUserMessageInput>;
  /**
   * Options for this query, each replacing the profile's value of that name. Only claimable ones
   * (`CLAIMABLE_POOL_OPTIONS`): a spare may serve it; any other (`resume`, `sessionId`,
   * `mcpServers`, `sessionStore`...): it starts cold. `abortController` throws
   * `PoolOptionNotClaimableError` (give `signal`).
   */
  options?: PoolQueryOptions;
  /**
   * The tenant the query runs for (`perKeyLimit`). With `recycle`, a recycled CLI serves only a
   * query with the key of the query it served last (undefined matching undefined).
   */
  key?: string;
  /** Aborts the query: while queued it leaves the queue (`AbortError`), once running its CLI is stopped. */
  signal?: AbortSignal;
}
