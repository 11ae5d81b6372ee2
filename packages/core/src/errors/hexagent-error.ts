const BASE_MARKER = Symbol.for('hexagent.error');

/** Constructor arguments shared by every hexagent error. */
export interface HexagentErrorOptions {
  /** Human-readable description of what went wrong and, where possible, what to do. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Base class of every error hexagent throws. Each subclass carries a stable `code` string
 * and a static `isInstance` check that works across duplicated bundles (it tests a
 * `Symbol.for` marker rather than the prototype chain).
 */
export abstract class HexagentError extends Error {
  /** A stable, machine-readable error code such as `CLI_NOT_FOUND`. */
  abstract readonly code: string;

  private readonly [BASE_MARKER] = true;

  constructor(options: HexagentErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    // Not enumerable, as an Error's own `message` and `stack`: `Object.keys`, a spread and
    // `JSON.stringify` see only the error's data (`code`, ...), as with the official SDK's errors.
    Object.defineProperty(this, 'name', {
      value: new.target.name,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }

  /** True when `error` is any hexagent error, whichever copy of the package created it. */
  static isInstance(error: unknown): error is HexagentError {
    return hasMarker(error, BASE_MARKER);
  }
}

/**
 * True when `value` is an object carrying `marker` set to `true`: the cross-bundle `instanceof`
 * behind every `isInstance`. For an adapter's own error classes, with a `Symbol.for` marker.
 *
 * @example
 * ```ts
 * const MARKER = Symbol.for('hexagent.error.SshError');
 * class SshError extends TransportError {
 *   readonly code = 'SSH_ERROR' as const;
 *   private readonly [MARKER] = true;
 *   static override isInstance(error: unknown): error is SshError {
 *     return hasMarker(error, MARKER);
 *   }
 * }
 * ```
 */
export function hasMarker(value: unknown, marker: symbol): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    marker in value &&
    (value as Record<symbol, unknown>)[marker] === true
  );
}
