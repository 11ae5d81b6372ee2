import { hasMarker, TransportStartError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.LinkUnreachableError');

/** What a {@link LinkUnreachableError} is made from. */
export interface LinkUnreachableErrorOptions {
  /** What could not be reached, for the message: `'relay'`, `'far side'`, `'daemon'`. */
  peer: string;
  /** Where it was looked for: a URL, `host:port`, a socket path, a wrapper's command. */
  address: string;
  /** What the attempt said (redacted by the caller if it may hold a secret). */
  detail?: string;
  /** What the link reported (a socket error: `ECONNREFUSED`, `ENOTFOUND`, a timeout). */
  cause?: unknown;
}

/**
 * The far side could not be reached at all: nothing listens there, the name does not resolve, the
 * route is down, or the connection timed out. Nothing ran there; the same request may succeed
 * later (unlike a {@link LinkRefusedError}). Nothing about the local CLI applies: the remedy is
 * the address or the network.
 *
 * @example
 * ```ts
 * socket.once('error', (error) => reject(new LinkUnreachableError({ peer: 'daemon', address: path, cause: error })));
 * ```
 */
export class LinkUnreachableError extends TransportStartError {
  override readonly code: string = 'LINK_UNREACHABLE';
  /** What could not be reached. */
  readonly peer: string;
  /** Where it was looked for. */
  readonly address: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: LinkUnreachableErrorOptions) {
    const said = options.detail ?? (options.cause instanceof Error ? options.cause.message : undefined);
    super({
      message: `Could not reach the ${options.peer} at ${options.address}${said ? `: ${said}` : ''}`,
      cause: options.cause,
    });
    this.peer = options.peer;
    this.address = options.address;
  }

  /** Cross-bundle `instanceof`; true for subclasses too. */
  static override isInstance(error: unknown): error is LinkUnreachableError {
    return hasMarker(error, MARKER);
  }
}
