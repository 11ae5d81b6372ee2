import { isDeepStrictEqual } from 'node:util';
import type { Options } from '@hexagent/core';
import { createSession } from '../create-session.js';
import { QueryImpl } from '../query-impl.js';
import { initializeWithin } from '../warm/initialize-within.js';
import { CLAIMABLE_POOL_OPTIONS } from './pool-query-options.js';
import type { SpareSource } from './spare-source.js';

/**
 * The pool's spares as `startup()` makes them: the CLI started with the profile itself and through
 * `initialize`, so a query's prompt is the first thing it is sent (no `claim_session` round trip, no
 * session set up at claim). Such a spare can only serve a query that asks for the profile as it is:
 * every claimable per-call option it sets equals the profile's (`cwd` against the profile's, or
 * this process's working directory); any other query starts cold and the spare stays parked.
 */
export const startupSpareSource: SpareSource = {
  fits(profile, perCall) {
    return CLAIMABLE_POOL_OPTIONS.every((name) => {
      const wanted = perCall?.[name];
      if (wanted === undefined) return true;
      const fixed = name === 'cwd' ? (profile.cwd ?? process.cwd()) : profile[name];
      return isDeepStrictEqual(wanted, fixed);
    });
  },

  async prewarm(options: Options, container) {
    const session = createSession(options, container);
    try {
      await initializeWithin(session);
    } catch (error) {
      await session.close();
      throw error;
    }
    const ended = new Promise<void>((resolve) => {
      if (session.signal.aborted) resolve();
      else session.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    return {
      claim: ({ prompt }) => new QueryImpl(session, prompt),
      claimed: Promise.resolve(),
      exited: ended.then(() => session.close().catch(() => {})),
      close: () => session.close(),
    };
  },
};
