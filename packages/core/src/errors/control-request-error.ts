import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.ControlRequestError');

/** The `error_code`s the official SDK passes on as `errorCode`: snake case, at most 64 characters. */
const ERROR_CODE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** The CLI answered a control request (`set_model`, `interrupt`, ...) with an error. */
export class ControlRequestError extends HexagentError {
  readonly code = 'CONTROL_REQUEST_ERROR' as const;
  /** The control request subtype that failed, e.g. `set_model`. */
  readonly subtype: string;
  /** The CLI's own error code (`error_code` on the wire), when it gave one. */
  readonly cliErrorCode: string | undefined;
  /**
   * The CLI's error code under the official SDK's name: `cliErrorCode` when it is a snake-case
   * code of at most 64 characters (as the official SDK filters it), else `undefined`.
   */
  readonly errorCode: string | undefined;
  /** The CLI's error message as sent. */
  readonly cliMessage: string;
  private readonly [MARKER] = true;

  constructor(options: { subtype: string; cliMessage: string; cliErrorCode?: string | undefined }) {
    super({ message: `Control request "${options.subtype}" failed: ${options.cliMessage}` });
    this.subtype = options.subtype;
    this.cliMessage = options.cliMessage;
    this.cliErrorCode = options.cliErrorCode;
    const code = options.cliErrorCode;
    this.errorCode = code !== undefined && ERROR_CODE_PATTERN.test(code) ? code : undefined;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is ControlRequestError {
    return hasMarker(error, MARKER);
  }
}
