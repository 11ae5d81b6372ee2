import type { Options } from '@hexagent/core';
import { PoolOptionNotClaimableError } from './pool-option-not-claimable-error.js';

/**
 * The per-call options of `pool.query()` a parked warm CLI can take when it is claimed (as the
 * official `ClaimOptions`). A query that sets only these may run on a spare; any other per-call
 * option (`resume`, `sessionId`, `mcpServers`, `sessionStore`, ...) makes it a cold start, admitted
 * the same way.
 */
export const CLAIMABLE_POOL_OPTIONS = [
  'cwd',
  'model',
  'additionalDirectories',
  'permissionMode',
  'maxThinkingTokens',
  'agents',
] as const;

/**
 * The per-call options of `pool.query()`: every option of `query()` but `abortController` (a
 * pooled query is stopped by its `signal`). Each replaces the profile's value of the same name.
 */
export type PoolQueryOptions = Omit<Options, 'abortController'>;

/** The per-call options a parked spare takes; see {@link CLAIMABLE_POOL_OPTIONS}. */
export type ClaimablePoolOptions = Pick<Options, (typeof CLAIMABLE_POOL_OPTIONS)[number]>;

const CLAIMABLE: ReadonlySet<string> = new Set(CLAIMABLE_POOL_OPTIONS);

const defined = (options: object | undefined): string[] =>
  options === undefined
    ? []
    : Object.entries(options)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key);

/**
 * Check the per-call options of `pool.query()`.
 *
 * @throws PoolOptionNotClaimableError for `abortController` (give the query a `signal`).
 */
export function checkPoolQueryOptions(options: object | undefined): void {
  if (defined(options).includes('abortController')) {
    throw new PoolOptionNotClaimableError({
      options: ['abortController'],
      message: 'pool.query() does not take `abortController`: give the query a `signal` instead',
    });
  }
}

/** Whether a query with these per-call options must start its own CLI (a spare cannot take them). */
export function needsColdStart(options: object | undefined): boolean {
  return defined(options).some((key) => !CLAIMABLE.has(key));
}

/** The claimable part of a query's per-call options (what a spare is claimed with). */
export function claimableOf(options: PoolQueryOptions | undefined): ClaimablePoolOptions {
  const claimable: Record<string, unknown> = {};
  for (const key of CLAIMABLE_POOL_OPTIONS) if (options?.[key] !== undefined) claimable[key] = options[key];
  return claimable as ClaimablePoolOptions;
}
