/** What a person (or a program) asks of a queued run: stop it, pause it, or resume a paused one. */
export type RunControlKind = 'stop' | 'pause' | 'resume';

/**
 * Where a run under control is. `stopping` / `pausing`: asked, and the worker running it has not
 * carried it out yet (or the run has not started); `stopped` / `paused`: carried out, no CLI of the
 * run is left; `resumed`: a paused (or pausing) run was let go on. `stopped` is final.
 */
export type RunControlStatus = 'stopping' | 'stopped' | 'pausing' | 'paused' | 'resumed';

/** One request on a run, as recorded: who, when (the store's clock, epoch ms) and why. */
export interface RunControlAction {
  /** Who asked (a label the application gives: a user, a service). */
  by: string;
  /** When, in epoch ms of the store's clock. */
  at: number;
  /** Why, when given. */
  reason?: string;
}

/**
 * The control record of one run, kept in the store beside its job (one per run id). It exists only
 * once somebody asked something of the run; a run without one simply runs.
 */
export interface RunControlRecord {
  /** The run: the id of the job it was enqueued as (its continuations keep it). */
  runId: string;
  /** Where the run is. */
  status: RunControlStatus;
  /** The last stop request. */
  stop?: RunControlAction;
  /** The last pause request. */
  pause?: RunControlAction;
  /** The last resume request. */
  resume?: RunControlAction;
  /** When a worker carried the stop or the pause out (store clock, epoch ms). */
  settledAt?: number;
  /** The job that was stopped or parked (a resume continues from its data). */
  jobId?: string;
  /** Whether that job had started its CLI (a resume of a run that never started sends its prompt again). */
  started?: boolean;
}

/** A control record and its version (every change is a compare-and-set on it). */
export interface StoredRunControl {
  /** The record. */
  record: RunControlRecord;
  /** Kept by the store: 1 on creation, one more on each change. */
  version: number;
}
