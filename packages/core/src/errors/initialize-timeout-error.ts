import type { StartupMark } from '../session/startup-mark-tracker.js';
import { HexagentError, hasMarker } from './hexagent-error.js';

const MARKER = Symbol.for('hexagent.error.InitializeTimeoutError');

/** `startup()` or `prewarm()`: the CLI did not answer `initialize` within `initializeTimeoutMs`. */
export class InitializeTimeoutError extends HexagentError {
  readonly code = 'INITIALIZE_TIMEOUT' as const;
  /** The official SDK's `errorClass` for this failure. */
  readonly errorClass = 'initialize_timeout' as const;
  /** The limit that elapsed, in milliseconds. */
  readonly timeoutMs: number;
  /**
   * The last start-up checkpoint the CLI reported before the limit (a `keep_alive` line's
   * `startup_mark`, which `startup()` and `prewarm()` ask for), or `'none'` when it reported none:
   * where its start stalled. The official SDK's field of the same name.
   */
  readonly startupMark: string;
  /**
   * How long before the error that checkpoint was reported, in milliseconds (rounded); absent when
   * {@link InitializeTimeoutError.startupMark} is `'none'`. The official SDK's field of the same name.
   */
  // `declare`: no own property at all without a mark, as on the official error.
  declare readonly startupMarkAgeMs?: number;
  private readonly [MARKER] = true;

  /**
   * @param options.timeoutMs the limit that elapsed.
   * @param options.startupMark the CLI's last start-up checkpoint, when it reported one.
   */
  constructor(options: { timeoutMs: number; startupMark?: StartupMark | undefined }) {
    super({
      message: `Subprocess initialization did not complete within ${options.timeoutMs}ms. Claude Code did not answer the initialize request; slow plugins, MCP servers, hooks, disks or network can each cause this.`,
    });
    this.timeoutMs = options.timeoutMs;
    this.startupMark = options.startupMark?.mark ?? 'none';
    if (options.startupMark !== undefined) {
      Object.defineProperty(this, 'startupMarkAgeMs', { value: options.startupMark.ageMs, enumerable: true });
    }
  }

  /** Cross-bundle `instanceof`. */
  static override isInstance(error: unknown): error is InitializeTimeoutError {
    return hasMarker(error, MARKER);
  }
}
