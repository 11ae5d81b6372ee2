import { hasMarker, TransportStartError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.LinkRefusedError');

/** What a {@link LinkRefusedError} is made from. */
export interface LinkRefusedErrorOptions {
  /** What refused, for the message: `'relay'`, `'daemon'`. */
  peer: string;
  /** Why, as a stable word a program can test: `'unauthorized'`, `'over_capacity'`, `'flag_not_allowed'`. */
  reason: string;
  /** What the far side said. */
  detail: string;
  /** The whole message, in place of the default one. */
  message?: string;
  /** What the link reported. */
  cause?: unknown;
}

/**
 * The far side was reached and answered, but would not start the CLI: a wrong token, no room for
 * another connection, or a request for what its operator does not allow. Nothing runs there.
 * Retrying the same request will not help; `reason` says what to change.
 *
 * @example
 * ```ts
 * // The daemon checked the token (the kit's `checkToken`) and answered with a refusal:
 * if (answer.type === 'refused') {
 *   throw new LinkRefusedError({ peer: 'daemon', reason: answer.reason, detail: answer.message });
 * }
 * ```
 */
export class LinkRefusedError extends TransportStartError {
  override readonly code: string = 'LINK_REFUSED';
  /** What refused. */
  readonly peer: string;
  /** Why it refused (a stable word). */
  readonly reason: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: LinkRefusedErrorOptions) {
    super({
      message: options.message ?? `The ${options.peer} refused to start the CLI (${options.reason}): ${options.detail}`,
      cause: options.cause,
    });
    this.peer = options.peer;
    this.reason = options.reason;
  }

  /** Cross-bundle `instanceof`; true for subclasses too. */
  static override isInstance(error: unknown): error is LinkRefusedError {
    return hasMarker(error, MARKER);
  }
}
