import { hasMarker } from '@hexagent/core';
import { LinkRefusedError, type RelayRefusalReason } from '@hexagent/transport-kit';

const MARKER = Symbol.for('hexagent.error.RelayRefusedError');

/**
 * The relay would not start the CLI: a wrong token, no room for another connection, or a hello
 * asking for what its operator does not allow (a flag, an environment variable, a working
 * directory). Nothing runs on the relay's host. `reason` says which, `message` what the relay said.
 * The kit's {@link LinkRefusedError} for the relay (`LinkRefusedError.isInstance` is true).
 */
export class RelayRefusedError extends LinkRefusedError {
  override readonly code = 'RELAY_REFUSED' as const;
  /** Why the relay refused. */
  declare readonly reason: RelayRefusalReason | 'unexpected_response';
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { reason: RelayRefusalReason | 'unexpected_response'; message: string; cause?: unknown }) {
    super({ peer: 'relay', reason: options.reason, detail: options.message, cause: options.cause });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is RelayRefusedError {
    return hasMarker(error, MARKER);
  }
}
