import { HexagentError, hasMarker } from '@hexagent/core';

const INVALID = Symbol.for('hexagent.error.InvalidSessionArgumentError');

/** A session id that is not a UUID, or a title or tag that is empty. */
export class InvalidSessionArgumentError extends HexagentError {
  readonly code = 'INVALID_SESSION_ARGUMENT' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [INVALID] = true;

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is InvalidSessionArgumentError {
    return hasMarker(error, INVALID);
  }
}
