import type { Options } from '@hexagent/core';
import { PoolOptionNotClaimableError } from './pool-option-not-claimable-error.js';

/**
 * The options `pool.query()` may set per call: the per-session half that a warm CLI takes when it
 * is claimed (as the official `ClaimOptions`). Everything else is the pool's, fixed at start.
 */
export const CLAIMABLE_POOL_OPTIONS = [
  'cwd',
  'model',
  'additionalDirectories',
  'permissionMode',
  'maxThinkingTokens',
  'agents',
] as const;

/** The per-call options of `pool.query()`; see {@link CLAIMABLE_POOL_OPTIONS}. */
export type PoolQueryOptions = Pick<Options, (typeof CLAIMABLE_POOL_OPTIONS)[number]>;

const CLAIMABLE: ReadonlySet<string> = new Set(CLAIMABLE_POOL_OPTIONS);

/**
 * Check that `options` only holds claimable keys (an `undefined` value counts as absent).
 *
 * @throws PoolOptionNotClaimableError naming every other key.
 */
export function checkPoolQueryOptions(options: object | undefined): void {
  if (options === undefined) return;
  const refused = Object.entries(options)
    .filter(([key, value]) => value !== undefined && !CLAIMABLE.has(key))
    .map(([key]) => key);
  if (refused.length > 0) throw new PoolOptionNotClaimableError({ options: refused });
}
