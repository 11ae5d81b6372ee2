import { hasMarker, TransportError } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.LinkLostError');

/** What a {@link LinkLostError} is made from. */
export interface LinkLostErrorOptions {
  /** What was at the other end, for the message: `'relay'`, `'far side'`, `'daemon'`. */
  peer: string;
  /** The link's close code when it gave one (a WebSocket close frame; 1006: it just broke). */
  closeCode?: number;
  /** The reason the far side gave when it closed, if any. */
  closeReason?: string;
  /** The whole message, in place of the default one. */
  message?: string;
  /** What the link reported (a socket error). */
  cause?: unknown;
}

/**
 * The link to a CLI that runs elsewhere ended before the CLI did: the connection dropped, the far
 * side stopped answering heartbeats, or it closed the link (idle, a frame over its limit). A far
 * side built on the kit stops the CLI's whole process tree when that happens, so the query cannot
 * go on. Every remote transport reports a lost link with this error (or a subclass of it).
 *
 * @example
 * ```ts
 * socket.once('close', () => inbound.end(new LinkLostError({ peer: 'daemon' })));
 * ```
 */
export class LinkLostError extends TransportError {
  readonly code: string = 'LINK_LOST';
  /** What was at the other end (`'relay'`, `'far side'`, ...). */
  readonly peer: string;
  /** The link's close code, when it gave one; `undefined` otherwise. */
  readonly closeCode: number | undefined;
  /** The close reason the far side gave; empty when none. */
  readonly closeReason: string;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;

  constructor(options: LinkLostErrorOptions) {
    const reason = options.closeReason ?? '';
    const detail =
      options.closeCode === undefined
        ? reason
          ? ` (${reason})`
          : ''
        : ` (close code ${options.closeCode}${reason ? `: ${reason}` : ''})`;
    super({
      message: options.message ?? `The connection to the ${options.peer} was lost${detail}; the CLI was stopped`,
      cause: options.cause,
    });
    this.peer = options.peer;
    this.closeCode = options.closeCode;
    this.closeReason = reason;
  }

  /** Cross-bundle `instanceof`; true for subclasses too. */
  static override isInstance(error: unknown): error is LinkLostError {
    return hasMarker(error, MARKER);
  }
}
