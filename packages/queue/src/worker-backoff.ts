/** How a worker backs off when it cannot run its jobs. */
export interface WorkerBackoffOptions {
  /** Milliseconds the worker claims nothing after its first failure to run a job. Default 1000. */
  initialMs?: number;
  /** The longest pause, in milliseconds, however many failures in a row. Default 60 000. */
  maxMs?: number;
}

/**
 * The pause of a worker whose runs cannot start: after each such failure in a row it claims nothing
 * for a doubling delay, then one job at a time (a probe) until a run gets through. So a worker
 * without credentials does not drain the queue's retries at the speed it can fail.
 */
export class WorkerBackoff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private until = 0;
  private probes = 0;
  /** Failures to run a job, in a row. */
  failures = 0;

  constructor(
    options: WorkerBackoffOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.initialMs = options.initialMs ?? 1000;
    this.maxMs = options.maxMs ?? 60_000;
    if (!(this.initialMs >= 0 && this.maxMs >= this.initialMs)) {
      throw new TypeError('backoff: initialMs must be >= 0 and maxMs >= initialMs');
    }
  }

  /** Milliseconds until the worker may claim again (0: now). */
  waitMs(): number {
    return this.failures === 0 ? 0 : Math.max(0, this.until - this.now());
  }

  /** How many of `free` slots the worker may fill now; paused, at most one probe at a time. */
  claimable(free: number): number {
    if (this.failures === 0) return free;
    return this.waitMs() > 0 || this.probes > 0 ? 0 : Math.min(free, 1);
  }

  /** Whether a job claimed now is a probe (its end is reported with `probeEnded`). */
  get paused(): boolean {
    return this.failures > 0;
  }

  probeStarted(): void {
    this.probes += 1;
  }

  probeEnded(): void {
    this.probes -= 1;
  }

  /** A run could not start: pause; returns the delay. */
  failed(): number {
    this.failures += 1;
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.failures - 1, 30));
    this.until = Math.max(this.until, this.now() + delay);
    return delay;
  }

  /** A run got through; returns the failures in a row it ended (0 when there was no pause). */
  succeeded(): number {
    const ended = this.failures;
    this.failures = 0;
    this.until = 0;
    return ended;
  }
}
