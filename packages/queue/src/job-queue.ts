/** Where a job is in its life, as a queue reports it. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** How a job is put on the queue. */
export interface EnqueueOptions {
  /** How many times a failed or expired job runs again (so `retryLimit + 1` attempts at most). */
  retryLimit?: number;
  /** Seconds to wait before a retry. */
  retryDelaySeconds?: number;
  /** Seconds an attempt may stay active; past it the queue fails the attempt (a dead worker's job is retried this way). */
  expireInSeconds?: number;
}

/** A job a worker claimed: it is `active` until completed, failed or released. */
export interface ClaimedJob<TData> {
  /** The job's id. */
  readonly id: string;
  /** What the producer sent. */
  readonly data: TData;
  /** 0 on the first attempt, then 1, 2... */
  readonly retryCount: number;
  /** The retries the job allows, when the queue says (so `retryCount === retryLimit` is the last attempt). */
  readonly retryLimit?: number;
}

/** A serializable description of why an attempt failed. */
export interface JobError {
  /** The error's message. */
  message: string;
  /** The error's class name, when known. */
  name?: string;
  /** The stable `code` of a hexagent error, when there is one. */
  code?: string;
  /** When the agent run ended with an error `result` message: what that message said. */
  result?: JobErrorResult;
}

/**
 * What an agent run's error `result` message said, kept on the failure so that the CLI's reason
 * ("Not logged in · Please run /login", an unknown model) is not lost.
 */
export interface JobErrorResult {
  /** The result's subtype: `success` for an API error or a login failure (with `is_error`), else `error_*`. */
  subtype: string;
  /** The CLI's text for the failure (the result's `result`). */
  text?: string;
  /** The result's `errors` (on the `error_*` subtypes). */
  errors?: string[];
  /** The API's HTTP status (`api_error_status`), when the CLI reports one. */
  apiErrorStatus?: number;
  /** Why the API call failed, from the run's last assistant message (`authentication_failed`, `model_not_found`...). */
  apiError?: string;
  /** Why the agent loop ended (`terminal_reason`), when the CLI says. */
  terminalReason?: string;
}

/** What a queue knows about one job. */
export interface JobSnapshot<TData, TOutput, TProgress> {
  /** The job's id. */
  id: string;
  /** Its state. */
  state: JobState;
  /** What the producer sent. */
  data: TData;
  /** Attempts made after the first. */
  retryCount: number;
  /** The retries allowed. */
  retryLimit: number;
  /** The output, once `completed`. */
  output?: TOutput;
  /** The last progress the running attempt reported (kept in the output once the job ends). */
  progress?: TProgress;
  /** Why the last attempt failed (`failed`, or `retry` after a failed attempt). */
  error?: JobError;
}

/** A held per-key lock; released explicitly, or by the database when its holder dies. */
export interface JobLock {
  /** Release the lock (idempotent). */
  release(): Promise<void>;
}

/**
 * The port of a durable job queue, as hexagent's agent worker uses it. Adapters: `pgBossQueue`
 * (PostgreSQL through pg-boss). Delivery is at least once: an attempt whose worker dies is retried
 * after `expireInSeconds`, up to `retryLimit` times.
 */
export interface JobQueue<TData, TOutput, TProgress> {
  /** Put a job on the queue; resolves with its id. */
  enqueue(data: TData, options?: EnqueueOptions): Promise<string>;
  /** Claim up to `limit` jobs that are due (they become `active`); none when the queue is empty. */
  fetch(limit: number): Promise<Array<ClaimedJob<TData>>>;
  /** Mark an active job completed with its output. */
  complete(id: string, output: TOutput): Promise<void>;
  /** Fail the current attempt; the queue retries it while retries remain, else it ends `failed`. */
  fail(id: string, error: JobError): Promise<void>;
  /** Put an active job back, due after `delayMs`, without counting an attempt (its lock was busy). */
  release(id: string, delayMs: number): Promise<void>;
  /** Record the progress of an active job (last write wins). */
  progress(id: string, progress: TProgress): Promise<void>;
  /** What the queue knows of a job; `null` for an unknown id. */
  get(id: string): Promise<JobSnapshot<TData, TOutput, TProgress> | null>;
  /** Cancel a job that has not ended (a running attempt is not interrupted; its end is then ignored). */
  cancel(id: string): Promise<void>;
  /** Take the exclusive lock on `key` at once, or `null` when another holder has it. */
  tryLock(key: string): Promise<JobLock | null>;
  /** Release the queue's connections (those it opened itself). */
  close(): Promise<void>;
}
