import { hasMarker, TransportStartError } from '@hexagent/core';
import type { RelayRefusalReason } from '@hexagent/transport-kit';

const MARKER = Symbol.for('hexagent.error.RelayRefusedError');

/**
 * The relay would not start the CLI: a wrong token, no room for another connection, or a hello
 * asking for what its operator does not allow (a flag, an environment variable, a working
 * directory). Nothing runs on the relay's host. `reason` says which, `message` what the relay said.
 */
export class RelayRefusedError extends TransportStartError {
  override readonly code = 'RELAY_REFUSED' as const;
  /** Why the relay refused. */
  readonly reason: RelayRefusalReason | 'unexpected_response';
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { reason: RelayRefusalReason | 'unexpected_response'; message: string; cause?: unknown }) {
    super({
      message: `The relay refused to start the CLI (${options.reason}): ${options.message}`,
      cause: options.cause,
    });
    this.reason = options.reason;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is RelayRefusedError {
    return hasMarker(error, MARKER);
  }
}
