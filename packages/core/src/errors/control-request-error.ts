import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.ControlRequestError');

/** The CLI answered a control request (`set_model`, `interrupt`, ...) with an error. */
export class ControlRequestError extends HexagentError {
  readonly code = 'CONTROL_REQUEST_ERROR' as const;
  /** The control request subtype that failed, e.g. `set_model`. */
  readonly subtype: string;
  /** The CLI's own error code (`error_code` on the wire), when it gave one. */
  readonly cliErrorCode: string | undefined;
  /** The CLI's error message as sent. */
  readonly cliMessage: string;
  private readonly [MARKER] = true;

  constructor(options: { subtype: string; cliMessage: string; cliErrorCode?: string | undefined }) {
    super({ message: `Control request "${options.subtype}" failed: ${options.cliMessage}` });
    this.subtype = options.subtype;
    this.cliMessage = options.cliMessage;
    this.cliErrorCode = options.cliErrorCode;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ControlRequestError {
    return hasMarker(error, MARKER);
  }
}
