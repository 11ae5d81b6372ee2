import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.SessionStoreLoadError');

/** Which store call failed while a resume from `sessionStore` was being prepared. */
export type SessionStoreLoadOperation = 'load' | 'listSubkeys' | 'listSessions';

/**
 * Resuming from `options.sessionStore` failed before the CLI was started: a `load()`,
 * `listSubkeys()` or (for `continue`) `listSessions()` call rejected, or did not settle within
 * `loadTimeoutMs` (`timedOut`). The query's message stream throws it; nothing was spawned.
 */
export class SessionStoreLoadError extends HexagentError {
  readonly code = 'SESSION_STORE_LOAD_FAILED' as const;
  /** The store call that failed. */
  readonly operation: SessionStoreLoadOperation;
  /** True when the call did not settle within `loadTimeoutMs`. */
  readonly timedOut: boolean;
  /** The session being resumed, when known. */
  readonly sessionId: string | undefined;
  private readonly [MARKER] = true;

  constructor(options: {
    operation: SessionStoreLoadOperation;
    timedOut: boolean;
    sessionId?: string;
    message: string;
    cause?: unknown;
  }) {
    super({ message: options.message, cause: options.cause });
    this.operation = options.operation;
    this.timedOut = options.timedOut;
    this.sessionId = options.sessionId;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is SessionStoreLoadError {
    return hasMarker(error, MARKER);
  }
}
