import { HexagentError, hasMarker } from '@hexagent/core';

const NOT_FOUND = Symbol.for('hexagent.error.SessionNotFoundError');

/** A session function could not find the session (or the message) it was asked about. */
export class SessionNotFoundError extends HexagentError {
  readonly code = 'SESSION_NOT_FOUND' as const;
  /** The session id looked for. */
  readonly sessionId: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [NOT_FOUND] = true;

  constructor(options: { sessionId: string; message: string }) {
    super({ message: options.message });
    this.sessionId = options.sessionId;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is SessionNotFoundError {
    return hasMarker(error, NOT_FOUND);
  }
}
