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
    this.name = new.target.name;
  }

  /** True when `error` is any hexagent error, whichever copy of the package created it. */
  static isInstance(error: unknown): error is HexagentError {
    return hasMarker(error, BASE_MARKER);
  }
}

/**
 * True when `value` is an object carrying `marker` set to `true`: the cross-bundle `instanceof`
 * behind every error's static `isInstance` (and any other class marked with a `Symbol.for` key).
 *
 * @example
 * ```ts
 * const MARKER = Symbol.for('hexagent.error.MyError');
 * hasMarker({ [MARKER]: true }, MARKER); // true
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
