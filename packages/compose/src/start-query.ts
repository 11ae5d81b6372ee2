import type { Options, SDKUserMessageInput } from '@hexagent/core';
import { createSession } from './create-session.js';
import { QueryImpl } from './query-impl.js';
import type { SessionFactories } from './session-factories.js';
import type { Query } from './types/query.js';

/** The arguments of `query()`. */
export interface QueryParams {
  /** One prompt, or a stream of user messages for a multi-turn session in one CLI process. */
  prompt: string | AsyncIterable<SDKUserMessageInput>;
  /** Options; see {@link Options}. */
  options?: Options;
}

/**
 * `query()` over explicit `factories`: the session is created (its options checked, so this throws
 * `InvalidOptionError` synchronously, before spawning), started at once as the official SDK does,
 * and a start failure surfaces through the message stream.
 */
export function startQuery(params: QueryParams, factories: SessionFactories): Query {
  const session = createSession(params.options ?? {}, factories);
  const run = new QueryImpl(session, params.prompt);
  session.start().catch(() => {});
  return run;
}
