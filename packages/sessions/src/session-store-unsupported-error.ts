import { HexagentError, hasMarker } from '@hexagent/core';

const UNSUPPORTED = Symbol.for('hexagent.error.SessionStoreUnsupportedError');

/** The operation needs something the given `SessionStore` does not offer (or no store at all). */
export class SessionStoreUnsupportedError extends HexagentError {
  readonly code = 'SESSION_STORE_UNSUPPORTED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [UNSUPPORTED] = true;

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is SessionStoreUnsupportedError {
    return hasMarker(error, UNSUPPORTED);
  }
}
