import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.InitializeTimeoutError');

/** `startup()` or `prewarm()`: the CLI did not answer `initialize` within `initializeTimeoutMs`. */
export class InitializeTimeoutError extends HexagentError {
  readonly code = 'INITIALIZE_TIMEOUT' as const;
  /** The official SDK's `errorClass` for this failure. */
  readonly errorClass = 'initialize_timeout' as const;
  /** The limit that elapsed, in milliseconds. */
  readonly timeoutMs: number;
  private readonly [MARKER] = true;

  constructor(options: { timeoutMs: number }) {
    super({
      message: `Subprocess initialization did not complete within ${options.timeoutMs}ms. Claude Code did not answer the initialize request; slow plugins, MCP servers, hooks, disks or network can each cause this.`,
    });
    this.timeoutMs = options.timeoutMs;
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is InitializeTimeoutError {
    return hasMarker(error, MARKER);
  }
}
