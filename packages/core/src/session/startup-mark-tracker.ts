import type { Clock } from '../ports/clock.js';
import type { InboundMessage } from '../types/control.js';

/** The longest `startup_mark` kept, in characters, as the official SDK bounds it. */
export const STARTUP_MARK_MAX_LENGTH = 64;

/** The last start-up checkpoint a CLI reported, and how long ago. */
export interface StartupMark {
  /** The checkpoint's name, as the CLI wrote it in a `keep_alive` line's `startup_mark`. */
  readonly mark: string;
  /** Milliseconds since it arrived, rounded, never negative. */
  readonly ageMs: number;
}

/**
 * Keeps the last start-up checkpoint a CLI reported. With `CLAUDE_CODE_SDK_READS_STARTUP_MARKS=1`
 * (set by `startup()` and `prewarm()`) the CLI writes `{"type":"keep_alive","startup_mark":"..."}`
 * lines while it boots, before it answers `initialize`; an initialize that times out names the last
 * one. A mark that is not a string or is longer than {@link STARTUP_MARK_MAX_LENGTH} is ignored, as
 * the official SDK ignores it; every other `keep_alive` changes nothing.
 *
 * @example
 * ```ts
 * const marks = new StartupMarkTracker(systemClock);
 * marks.observe({ type: 'keep_alive', startup_mark: 'settings_loaded' });
 * marks.reached(); // { mark: 'settings_loaded', ageMs: 0 }
 * ```
 */
export class StartupMarkTracker {
  private last: { mark: string; atMs: number } | undefined;

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /** Notes the mark of a `keep_alive` message, if it carries a valid one. */
  observe(message: InboundMessage): void {
    if (message.type !== 'keep_alive' || !('startup_mark' in message)) return;
    const mark = message['startup_mark'];
    if (typeof mark === 'string' && mark.length <= STARTUP_MARK_MAX_LENGTH) {
      this.last = { mark, atMs: this.clock.now() };
    }
  }

  /** The last mark and its age now, or `undefined` when the CLI reported none. */
  reached(): StartupMark | undefined {
    const last = this.last;
    if (last === undefined) return undefined;
    return { mark: last.mark, ageMs: Math.max(0, Math.round(this.clock.now() - last.atMs)) };
  }
}
