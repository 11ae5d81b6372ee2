import { isDeepStrictEqual } from 'node:util';
import { initializeWithin } from '@hexagent/compose';
import { CLAIMABLE_POOL_OPTIONS } from './pool-query-options.js';
import { ReusableCli } from './reusable-cli.js';
import type { SpareSource } from './spare-source.js';

/**
 * The pool's spares as `startup()` makes them: the CLI started with the profile itself and through
 * `initialize`, so a query's prompt is the first thing it is sent (no `claim_session` round trip, no
 * session set up at claim). Such a spare can only serve a query that asks for the profile as it is:
 * every claimable per-call option it sets equals the profile's (`cwd` against the profile's, or
 * this process's working directory); any other query starts cold and the spare stays parked. The
 * spare is a {@link ReusableCli}: claimed, it is a `query()` on that session; with `recycle`, the
 * pool may serve its query as one turn and keep the CLI.
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

  async prewarm(options, factories) {
    const cli = ReusableCli.create(options, factories);
    try {
      await initializeWithin(cli.session);
    } catch (error) {
      await cli.close();
      throw error;
    }
    return cli;
  },
};
