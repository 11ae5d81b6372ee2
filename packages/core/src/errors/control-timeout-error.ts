import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.ControlTimeoutError');

/** A control request got no answer within its timeout. */
export class ControlTimeoutError extends HexagentError {
  readonly code = 'CONTROL_TIMEOUT' as const;
  /** The control request subtype that timed out. */
  readonly subtype: string;
  /** The timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;
  private readonly [MARKER] = true;

  constructor(options: { subtype: string; timeoutMs: number }) {
    super({
      message: `Control request "${options.subtype}" got no answer within ${options.timeoutMs} ms`,
    });
    this.subtype = options.subtype;
    this.timeoutMs = options.timeoutMs;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ControlTimeoutError {
    return hasMarker(error, MARKER);
  }
}
