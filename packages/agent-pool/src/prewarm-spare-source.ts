import { startSpare } from '@hexagent/compose';
import type { ClaimOptions, SDKUserMessage } from '@hexagent/core';
import type { SpareSource } from './spare-source.js';

/**
 * The pool's spares from `prewarm()` (the CLI parked with `--await-claim`), started through the
 * pool's tracking factories so a spare's process is measured and released like a query's. A claim
 * without `cwd` runs in the profile's `cwd`, else this process's working directory, as a cold
 * `query()` would.
 */
export const prewarmSpareSource: SpareSource = {
  // A claim sets any claimable option; what the CLI refuses falls back to a cold start.
  fits: () => true,
  async prewarm(options, factories) {
    // A spare serves whichever query claims it: no caller's trace context goes into its environment.
    const spare = await startSpare({ options }, factories, {});
    return {
      claim({ prompt, options: perCall }) {
        const claim: ClaimOptions = { ...perCall, cwd: perCall.cwd ?? options.cwd ?? process.cwd() };
        // The spare takes hexagent's looser message input too (its claim runs the same session code
        // as query()); its public type is the official one.
        return spare.claim({ prompt: prompt as string | AsyncIterable<SDKUserMessage>, options: claim });
      },
      claimed: spare.claimed,
      exited: spare.exited,
      async close() {
        spare.close();
      },
    };
  },
};
