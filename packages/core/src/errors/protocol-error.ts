import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.ProtocolError');

/** The CLI said something the SDK cannot make sense of (bad framing, bad shape, line too long). */
export class ProtocolError extends HexagentError {
  readonly code: string = 'PROTOCOL_ERROR';
  private readonly [MARKER] = true;

  /** Cross-bundle `instanceof`; true for subclasses too. */
  static override isInstance(error: unknown): error is ProtocolError {
    return hasMarker(error, MARKER);
  }
}
