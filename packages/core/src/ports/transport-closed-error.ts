import { hasMarker } from '../errors/hexagent-error.js';
import { TransportError } from './transport-error.js';

const MARKER = Symbol.for('hexagent.error.TransportClosedError');

/**
 * An operation needs an open {@link Transport}, and this one is closed: `start()` after `close()`,
 * or work that `close()` cut short (for example a request the peer had not answered yet).
 * `send()` after `close()` raises {@link TransportInputClosedError} instead.
 */
export class TransportClosedError extends TransportError {
  readonly code = 'TRANSPORT_CLOSED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ message: options.message ?? 'The transport is closed', cause: options.cause });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is TransportClosedError {
    return hasMarker(error, MARKER);
  }
}
