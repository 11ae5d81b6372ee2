import { hasMarker } from '@hexagent/core';
import { LinkLostError } from '@hexagent/transport-kit';

const MARKER = Symbol.for('hexagent.error.RelayConnectionLostError');

/**
 * The link to the relay ended before the CLI did: the socket dropped, the relay stopped answering
 * heartbeats, or the relay closed it (idle time, a frame over its size limit). The relay stops the
 * CLI's whole process tree when that happens, so the query cannot go on. `closeCode` and
 * `closeReason` are the WebSocket close frame's, when there was one (1006 when the link just broke).
 * The kit's {@link LinkLostError} for the relay (`LinkLostError.isInstance` is true).
 */
export class RelayConnectionLostError extends LinkLostError {
  override readonly code = 'RELAY_CONNECTION_LOST' as const;
  /** The WebSocket close code (1006: no close frame; 1009: a frame too large; 4408: idle). */
  declare readonly closeCode: number;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { closeCode: number; closeReason?: string; message?: string; cause?: unknown }) {
    super({ peer: 'relay', ...options });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is RelayConnectionLostError {
    return hasMarker(error, MARKER);
  }
}
