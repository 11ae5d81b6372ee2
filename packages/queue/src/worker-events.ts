import type { JobError } from './job-queue.js';

/** The events of an agent worker and what each carries. `attempt` is the job's `retryCount` (0 first). */
export interface AgentWorkerEvents {
  /** An attempt completed its job. */
  completed: { jobId: string; sessionId: string; attempt: number };
  /**
   * An attempt failed; `error` is recorded on the job. `final`: no retry is left, the job is now
   * `failed` (`undefined` when the queue does not say how many retries a job has). `workerFault`:
   * the worker could not run it (its CLI did not start, or could not use the API), see `paused`.
   */
  failed: {
    jobId: string;
    sessionId: string;
    attempt: number;
    error: JobError;
    final: boolean | undefined;
    workerFault: boolean;
  };
  /**
   * The worker could not run an attempt (no credentials, a bad `pathToClaudeCodeExecutable`, an API
   * that is down...): it claims no job for `delayMs`, then one at a time until a run gets through.
   * `failures` counts such failures in a row; each one doubles the delay, up to the backoff's maximum.
   */
  paused: { error: JobError; delayMs: number; failures: number };
  /** A run got through after a pause: the worker claims jobs as usual again. */
  resumed: { failures: number };
  /** A claimed job went back to the queue without using an attempt: its session was busy, or the worker is closing. */
  released: { jobId: string; sessionId: string; reason: 'session-busy' | 'closing' };
}

/** A listener of worker event `E`. */
export type AgentWorkerListener<E extends keyof AgentWorkerEvents> = (event: AgentWorkerEvents[E]) => void;

/** Typed listeners of a worker's events; one that throws is skipped (the worker must not depend on user code). */
export class WorkerEventEmitter {
  private readonly listeners = new Map<keyof AgentWorkerEvents, Set<(event: never) => void>>();

  /** Listen to `event`; returns a function that stops listening. */
  on<E extends keyof AgentWorkerEvents>(event: E, listener: AgentWorkerListener<E>): () => void {
    let set = this.listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (event: never) => void);
    return () => set.delete(listener as (event: never) => void);
  }

  /** Call the listeners of `event`. */
  emit<E extends keyof AgentWorkerEvents>(event: E, payload: AgentWorkerEvents[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as AgentWorkerListener<E>)(payload);
      } catch {
        // A listener's fault is not the worker's.
      }
    }
  }
}
