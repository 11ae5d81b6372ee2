/**
 * The lifecycle of a `CliTransport`:
 *
 * - `idle`: constructed; nothing spawned.
 * - `starting`: `start()` is finding and spawning the CLI.
 * - `open`: the CLI runs; messages flow both ways.
 * - `exiting`: the CLI exited on its own; the rest of its output is still being read.
 * - `closing`: `close()` was called; the CLI is being stopped (its last output is still delivered).
 * - `failed`: a fatal fault (bad output, a throwing sink); the CLI is being stopped, output is dropped.
 * - `closed`: the CLI is gone and everything is released (or it never started).
 */
export type CliTransportState = 'idle' | 'starting' | 'open' | 'exiting' | 'closing' | 'failed' | 'closed';

/** What happens to a `CliTransport`; each moves it from one state to another (see {@link TRANSITIONS}). */
export type CliTransportEvent =
  /** `start()` was called. */
  | 'start'
  /** The OS started the CLI process. */
  | 'spawned'
  /** The CLI could not be started. */
  | 'spawnFailed'
  /** `close()` was called (or the query's abort signal fired). */
  | 'close'
  /** A fatal fault: output that is not a JSON object, a line over the limit, a sink that threw. */
  | 'fault'
  /** The CLI process exited (its output may not be fully read yet). */
  | 'exited'
  /** The CLI's output is fully read after an exit nobody asked for: nothing is left to stop. */
  | 'drained'
  /** Stopping the CLI (after `close` or `fault`) is done. */
  | 'stopped';

/**
 * Every allowed transition, in one place: `TRANSITIONS[state][event]` is the next state. An event
 * that a state does not list leaves the state as it is: it is either impossible there or no longer
 * matters (an exit while `closing` is what closing waits for; a second `close` changes nothing).
 */
export const TRANSITIONS: Readonly<
  Record<CliTransportState, Readonly<Partial<Record<CliTransportEvent, CliTransportState>>>>
> = {
  idle: { start: 'starting', close: 'closed' },
  starting: { spawned: 'open', spawnFailed: 'closed', close: 'closing', fault: 'failed' },
  open: { close: 'closing', fault: 'failed', exited: 'exiting' },
  exiting: { close: 'closing', fault: 'failed', drained: 'closed' },
  closing: { fault: 'failed', spawnFailed: 'closed', stopped: 'closed' },
  failed: { spawnFailed: 'closed', stopped: 'closed' },
  closed: {},
};

/** The state of one `CliTransport`, changed only through {@link TRANSITIONS}. */
export class CliTransportStateMachine {
  private current: CliTransportState = 'idle';

  /** The current state. */
  get state(): CliTransportState {
    return this.current;
  }

  /**
   * Applies `event`; returns true when it changed the state, false when the current state ignores
   * it.
   */
  apply(event: CliTransportEvent): boolean {
    const next = TRANSITIONS[this.current][event];
    if (next === undefined) return false;
    this.current = next;
    return true;
  }

  /** True in the states where the CLI is being stopped on purpose, so its exit is no fault. */
  get isStopping(): boolean {
    return this.current === 'closing' || this.current === 'failed';
  }
}
