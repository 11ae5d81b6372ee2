import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.PoolOptionNotClaimableError');

/**
 * `pool.query()` was given a per-call option it does not take (`abortController`: a pooled query
 * is stopped by its `signal`). Thrown synchronously; nothing was queued or started.
 */
export class PoolOptionNotClaimableError extends HexagentError {
  readonly code = 'POOL_OPTION_NOT_CLAIMABLE' as const;
  /** The options that were refused. */
  readonly options: readonly string[];
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { options: readonly string[]; message?: string }) {
    super({
      message:
        options.message ??
        `pool.query() cannot set ${options.options.map((name) => `\`${name}\``).join(', ')} per call: give it in createAgentPool({ options })`,
    });
    this.options = options.options;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is PoolOptionNotClaimableError {
    return hasMarker(error, MARKER);
  }
}
