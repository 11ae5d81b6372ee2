import { hasMarker } from './hexagent-error.js';
import { ProtocolError } from './protocol-error.js';

const MARKER = Symbol.for('hexagent.error.MessageTooLargeError');

/** A line from the CLI exceeded the configured maximum size without a newline. */
export class MessageTooLargeError extends ProtocolError {
  override readonly code = 'MESSAGE_TOO_LARGE';
  /** The configured limit in bytes. */
  readonly maxBytes: number;
  private readonly [MARKER] = true;

  constructor(options: { maxBytes: number }) {
    super({
      message:
        `A message from the Claude Code CLI exceeded the maximum line size of ${options.maxBytes} bytes. ` +
        'Raise `maxMessageBytes` in the options if such large messages are expected.',
    });
    this.maxBytes = options.maxBytes;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is MessageTooLargeError {
    return hasMarker(error, MARKER);
  }
}
