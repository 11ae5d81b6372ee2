import { HexagentError, type HexagentErrorOptions, hasMarker } from '../errors/hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.TransportError');

/** Constructor arguments of a {@link TransportError}. */
export interface TransportErrorOptions extends HexagentErrorOptions {
  /** The CLI's exit code, when the error reports that the CLI exited on its own. */
  exitCode?: number | undefined;
}

/**
 * Base of the errors a {@link Transport} raises about the channel itself: it is closed, it could not
 * start the CLI, its input is closed, or the CLI failed. Core defines the first three
 * ({@link TransportClosedError}, {@link TransportStartError}, {@link TransportInputClosedError});
 * an adapter subclasses this class for the faults only it can name (`@hexagent/transport-cli`:
 * `CliNotFoundError`, `ProcessError`), so that a consumer can handle every transport alike:
 * a `TransportError` from `send()` means that nothing more can be sent on this transport.
 */
export abstract class TransportError extends HexagentError {
  /**
   * The CLI's exit code when this error reports that the CLI exited on its own (a non-zero code);
   * `undefined` otherwise. The Session reads it: a non-zero exit right after a failed turn ends the
   * query with a `ResultError` (which carries this code) in place of this error.
   */
  readonly exitCode: number | undefined;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: TransportErrorOptions) {
    super(options);
    this.exitCode = options.exitCode;
  }

  /** Cross-bundle `instanceof`; true for every subclass. */
  static override isInstance(error: unknown): error is TransportError {
    return hasMarker(error, MARKER);
  }
}
