import type { Clock, TimerHandle } from '../ports/clock.js';

/** The longest delay a timer takes (2^31 - 1 ms); a longer ceiling waits this long. */
const MAX_TIMER_MS = 2_147_483_647;

/** What a {@link CliRunState} is built with. */
export interface CliRunStateOptions {
  /** Where the ceiling's timer is set. */
  clock: Clock;
  /**
   * After a `result`, how long to wait for the CLI to report `idle` before taking the run as
   * ended; 0 (or less) waits with no limit. See `runEndCeilingMs`.
   */
  ceilingMs: number;
  /**
   * Whether the CLI may still ask the SDK something (in-process servers, hooks, a permission or
   * dialog callback): without, the run ends at its `result`, as nothing more needs the input.
   */
  needsSdk: () => boolean;
  /** Called each time the run ends. */
  ended: () => void;
}

/**
 * Whether the CLI's run is over: the turns it was given, and what it does after their `result`
 * on its own (a background subagent finishing wakes the main agent for a follow-up turn). The
 * official SDK's rule, from `session_state_changed`, the state the CLI reports when its
 * environment has `CLAUDE_CODE_SDK_READS_SESSION_STATE=1`:
 *
 * - a user message sent starts a run (and forgets an earlier `result`);
 * - a `result` ends the run when the CLI has reported no state (a CLI too old to report it), last
 *   reported `idle`, or the session needs nothing of the SDK; otherwise the run waits for `idle`,
 *   at most `ceilingMs` (the ceiling);
 * - `idle` after a `result` ends the run; `running` goes on (and restarts the ceiling after a
 *   `result`); `requires_action` (the CLI waits on the SDK: a permission prompt) stops the ceiling;
 * - a main-agent `assistant` or `stream_event` (no `parent_tool_use_id`) goes on, without a ceiling
 *   until the next `result`.
 *
 * @example
 * ```ts
 * const run = new CliRunState({ clock: systemClock, ceilingMs: 600_000, needsSdk: () => true, ended });
 * run.written();
 * run.stateReported('running');
 * run.result(); // not ended: the CLI still runs (a background subagent), the ceiling starts
 * run.stateReported('idle'); // ended() is called
 * ```
 */
export class CliRunState {
  private readonly options: CliRunStateOptions;
  private state: string | undefined;
  private resultSinceWrite = false;
  private over = true;
  private timer: TimerHandle | undefined;

  constructor(options: CliRunStateOptions) {
    this.options = options;
  }

  /** True when the run is over (also before the first user message). */
  get isEnded(): boolean {
    return this.over;
  }

  /** The state the CLI last reported, if any (`idle`, `running`, `requires_action`). */
  get reported(): string | undefined {
    return this.state;
  }

  /** A user message is on its way to the CLI: a run starts. */
  written(): void {
    this.over = false;
    this.resultSinceWrite = false;
    this.stopCeiling();
  }

  /** A `result` came. */
  result(): void {
    this.resultSinceWrite = true;
    if (this.state === undefined || this.state === 'idle' || !this.options.needsSdk()) this.end();
    else this.startCeiling();
  }

  /** The CLI reported its state (`session_state_changed`). */
  stateReported(state: string): void {
    this.state = state;
    if (state === 'idle') {
      if (this.resultSinceWrite) this.end();
      return;
    }
    this.over = false;
    if (state === 'requires_action') this.stopCeiling();
    else if (this.resultSinceWrite) this.startCeiling();
  }

  /** The main agent wrote (an `assistant` message or a `stream_event` with no `parent_tool_use_id`). */
  mainAgentActive(): void {
    this.over = false;
    this.stopCeiling();
  }

  /** The session ended: no timer is left behind. */
  close(): void {
    this.stopCeiling();
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
    this.stopCeiling();
    this.options.ended();
  }

  private startCeiling(): void {
    this.stopCeiling();
    const { ceilingMs, clock } = this.options;
    if (this.over || ceilingMs <= 0) return;
    this.timer = clock.setTimeout(() => this.end(), Math.min(ceilingMs, MAX_TIMER_MS), { unref: true });
  }

  private stopCeiling(): void {
    this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
