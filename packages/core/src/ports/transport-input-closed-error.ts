import { hasMarker } from '../errors/hexagent-error.js';
import { TransportError } from './transport-error.js';

const MARKER = Symbol.for('hexagent.error.TransportInputClosedError');

/**
 * `send()` was called while the CLI's input is closed on this side: before `start()` resolved,
 * after `endInput()` or `close()`, or after a fault ended the transport. (When the CLI stops
 * reading on its own, an adapter may raise its own {@link TransportError} that says how, such as
 * `ProcessError`.)
 */
export class TransportInputClosedError extends TransportError {
  readonly code = 'TRANSPORT_INPUT_CLOSED' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ message: options.message ?? "Cannot send: the transport's input is closed", cause: options.cause });
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is TransportInputClosedError {
    return hasMarker(error, MARKER);
  }
}
