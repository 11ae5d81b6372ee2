import { hasMarker, TransportError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.RelayConnectionLostError');

/**
 * The link to the relay ended before the CLI did: the socket dropped, the relay stopped answering
 * heartbeats, or the relay closed it (idle time, a frame over its size limit). The relay stops the
 * CLI's whole process tree when that happens, so the query cannot go on. `closeCode` and
 * `closeReason` are the WebSocket close frame's, when there was one (1006 when the link just broke).
 */
export class RelayConnectionLostError extends TransportError {
  readonly code = 'RELAY_CONNECTION_LOST' as const;
  /** The WebSocket close code (1006: no close frame; 1009: a frame too large; 4408: idle). */
  readonly closeCode: number;
  /** The close reason the relay gave, if any. */
  readonly closeReason: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { closeCode: number; closeReason?: string; message?: string; cause?: unknown }) {
    const reason = options.closeReason ?? '';
    super({
      message:
        options.message ??
        `The connection to the relay was lost (close code ${options.closeCode}${reason ? `: ${reason}` : ''}); the CLI was stopped`,
      cause: options.cause,
    });
    this.closeCode = options.closeCode;
    this.closeReason = reason;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is RelayConnectionLostError {
    return hasMarker(error, MARKER);
  }
}
