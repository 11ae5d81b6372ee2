import type { SDKUserMessageInput } from '@hexagent/core';
import type { ClaimablePoolOptions } from './pool-query-options.js';

/** What binds a warm CLI to one query (`PoolSpare.claim`): the prompt and the claimable per-call options. */
export interface SpareClaimParams {
  /** The query's prompt: a string, or a stream of user messages. */
  prompt: string | AsyncIterable<SDKUserMessageInput>;
  /** The query's claimable options (see `CLAIMABLE_POOL_OPTIONS`). */
  options: ClaimablePoolOptions;
}
