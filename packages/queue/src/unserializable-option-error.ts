import { HexagentError, hasMarker } from '@hexagent/core';

const MARKER = Symbol.for('hexagent.error.UnserializableOptionError');

/**
 * An option of a queued agent run cannot be stored in the queue: a function, a live object (an
 * MCP server instance, an AbortController, a session store) or a value JSON cannot round-trip.
 * Register such things on the worker (`createAgentWorker({ servers, sessionStore })`) instead.
 */
export class UnserializableOptionError extends HexagentError {
  readonly code = 'UNSERIALIZABLE_OPTION' as const;
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the cross-bundle marker isInstance tests
  private readonly [MARKER] = true;
  /** The path of the refused value, such as `options.hooks` or `options.env.X`. */
  readonly path: string;

  constructor(options: { path: string; reason: string }) {
    super({ message: `${options.path} cannot be queued: ${options.reason}` });
    this.path = options.path;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is UnserializableOptionError {
    return hasMarker(error, MARKER);
  }
}
