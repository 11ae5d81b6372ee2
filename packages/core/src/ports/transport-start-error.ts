import { hasMarker } from '../errors/hexagent-error.js';
import { TransportError } from './transport-error.js';

const MARKER = Symbol.for('hexagent.error.TransportStartError');

/**
 * `start()` of a {@link Transport} failed: the CLI could not be started (nothing is left running),
 * or `start()` was called a second time (the first call's CLI is not affected). An adapter may
 * raise a subclass that says why, such as `CliNotFoundError`.
 */
export class TransportStartError extends TransportError {
  readonly code: string = 'TRANSPORT_START_FAILED';
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: { message?: string; cause?: unknown } = {}) {
    super({ message: options.message ?? 'The transport could not start the Claude Code CLI', cause: options.cause });
  }

  /** Cross-bundle `instanceof`; true for subclasses too. */
  static override isInstance(error: unknown): error is TransportStartError {
    return hasMarker(error, MARKER);
  }
}
