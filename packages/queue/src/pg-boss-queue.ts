import pg from 'pg';
import PgBoss from 'pg-boss';
import type { AgentJobData, AgentJobOutput, AgentJobProgress } from './agent-job.js';
import type { ClaimedJob, EnqueueOptions, JobError, JobLock, JobQueue, JobSnapshot, JobState } from './job-queue.js';

/** Settings of `pgBossQueue`. */
export interface PgBossQueueOptions extends EnqueueOptions {
  /** The PostgreSQL to use: the queue then owns a pg-boss (started on first use, stopped by `close()`). */
  connectionString?: string;
  /** An existing pg-boss instance (started by you, stopped by you); give `connectionString` too for `tryLock`. */
  boss?: PgBoss;
  /** The pg-boss queue name. Default `hexagent-agent-runs`. */
  name?: string;
  /** pg-boss's schema. Default `pgboss`. */
  schema?: string;
  /** Seconds between pg-boss maintenance runs (which expire dead workers' jobs). Default 30. */
  maintenanceIntervalSeconds?: number;
  /** Connections kept for per-session locks (one per running job). Default 10. */
  lockConnections?: number;
}

const DEFAULT_NAME = 'hexagent-agent-runs';
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

interface Stored {
  progress?: unknown;
  result?: unknown;
  error?: JobError;
  value?: { message?: string };
}

/**
 * A `JobQueue` on PostgreSQL through pg-boss 10 (SKIP LOCKED claims, retries, expiry). Per-key locks
 * are PostgreSQL session advisory locks on a connection held while the job runs, so a killed
 * worker's lock goes with its connection. Progress is written to the active job's `output` column.
 *
 * @example
 * ```ts
 * const queue = pgBossQueue({ connectionString: process.env.DATABASE_URL });
 * const id = await queue.enqueue({ prompt: 'hello' }, { retryLimit: 2, expireInSeconds: 600 });
 * ```
 */
export function pgBossQueue<
  TData extends object = AgentJobData,
  TOutput = AgentJobOutput,
  TProgress = AgentJobProgress,
>(source: PgBoss | PgBossQueueOptions): JobQueue<TData, TOutput, TProgress> {
  const options: PgBossQueueOptions = source instanceof PgBoss ? { boss: source } : source;
  return new PgBossJobQueue<TData, TOutput, TProgress>(options);
}

class PgBossJobQueue<TData extends object, TOutput, TProgress> implements JobQueue<TData, TOutput, TProgress> {
  private readonly name: string;
  private readonly schema: string;
  private readonly boss: PgBoss;
  private readonly ownsBoss: boolean;
  private readonly lockPool: pg.Pool | undefined;
  private ready: Promise<void> | undefined;

  constructor(private readonly options: PgBossQueueOptions) {
    this.name = options.name ?? DEFAULT_NAME;
    this.schema = options.schema ?? 'pgboss';
    if (!IDENTIFIER.test(this.schema)) throw new TypeError(`pgBossQueue: invalid schema name ${this.schema}`);
    if (options.boss === undefined && options.connectionString === undefined) {
      throw new TypeError('pgBossQueue: give a pg-boss instance or a connectionString');
    }
    this.ownsBoss = options.boss === undefined;
    this.boss =
      options.boss ??
      new PgBoss({
        connectionString: options.connectionString as string,
        schema: this.schema,
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      });
    if (this.ownsBoss) this.boss.on('error', () => {});
    this.lockPool =
      options.connectionString === undefined
        ? undefined
        : new pg.Pool({ connectionString: options.connectionString, max: options.lockConnections ?? 10 });
    this.lockPool?.on('error', () => {});
  }

  private start(): Promise<void> {
    this.ready ??= (async () => {
      if (this.ownsBoss) await this.boss.start();
      if ((await this.boss.getQueue(this.name)) === null) {
        await this.boss.createQueue(this.name, { name: this.name, policy: 'standard' }).catch(async (error) => {
          if ((await this.boss.getQueue(this.name)) === null) throw error;
        });
      }
    })();
    return this.ready;
  }

  private sql(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> {
    return this.boss.getDb().executeSql(text.replaceAll('$schema', this.schema), values);
  }

  async enqueue(data: TData, options: EnqueueOptions = {}): Promise<string> {
    await this.start();
    const merged = { ...this.options, ...options };
    const id = await this.boss.send(this.name, data, {
      ...(merged.retryLimit === undefined ? {} : { retryLimit: merged.retryLimit }),
      ...(merged.retryDelaySeconds === undefined ? {} : { retryDelay: merged.retryDelaySeconds }),
      ...(merged.expireInSeconds === undefined ? {} : { expireInSeconds: merged.expireInSeconds }),
    });
    if (id === null) throw new Error('pg-boss did not create the job');
    return id;
  }

  async fetch(limit: number): Promise<Array<ClaimedJob<TData>>> {
    await this.start();
    const jobs = await this.boss.fetch<TData>(this.name, { batchSize: limit, includeMetadata: true });
    return jobs.map((job) => ({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }));
  }

  async complete(id: string, output: TOutput): Promise<void> {
    await this.start();
    const progress = await this.currentProgress(id);
    await this.boss.complete(this.name, id, { result: output, ...progress });
  }

  async fail(id: string, error: JobError): Promise<void> {
    await this.start();
    const progress = await this.currentProgress(id);
    await this.boss.fail(this.name, id, { error, ...progress });
  }

  async release(id: string, delayMs: number): Promise<void> {
    await this.start();
    // Back to `created` with no start time, so pg-boss does not count the claim as an attempt.
    await this.sql(
      `UPDATE $schema.job SET state = 'created', started_on = NULL,
         start_after = now() + $3 * interval '1 millisecond'
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [this.name, id, delayMs],
    );
  }

  async progress(id: string, progress: TProgress): Promise<void> {
    await this.start();
    await this.sql(
      `UPDATE $schema.job SET output = jsonb_build_object('progress', $3::jsonb)
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [this.name, id, JSON.stringify(progress)],
    );
  }

  private async currentProgress(id: string): Promise<{ progress?: unknown }> {
    const { rows } = await this.sql(
      `SELECT output->'progress' AS progress FROM $schema.job WHERE name = $1 AND id = $2`,
      [this.name, id],
    );
    const progress = rows[0]?.progress;
    return progress === undefined || progress === null ? {} : { progress };
  }

  async get(id: string): Promise<JobSnapshot<TData, TOutput, TProgress> | null> {
    await this.start();
    const job = await this.boss.getJobById<TData>(this.name, id, { includeArchive: true });
    if (job === null) return null;
    const stored = (job.output ?? {}) as Stored;
    const snapshot: JobSnapshot<TData, TOutput, TProgress> = {
      id: job.id,
      state: job.state as JobState,
      data: job.data,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
    };
    if (stored.progress !== undefined) snapshot.progress = stored.progress as TProgress;
    if (job.state === 'completed' && 'result' in stored) snapshot.output = stored.result as TOutput;
    const error = stored.error ?? (stored.value?.message === undefined ? undefined : { message: stored.value.message });
    if (error !== undefined && job.state !== 'completed') snapshot.error = error;
    return snapshot;
  }

  async cancel(id: string): Promise<void> {
    await this.start();
    await this.boss.cancel(this.name, id);
  }

  async tryLock(key: string): Promise<JobLock | null> {
    if (this.lockPool === undefined) {
      throw new TypeError(
        'pgBossQueue: per-session locks need a connectionString (give it beside the pg-boss instance)',
      );
    }
    const client = await this.lockPool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [`hexagent:${key}`],
      );
      if (rows[0]?.locked !== true) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        // A failed unlock destroys the connection, which drops the lock anyway.
        const ok = await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`hexagent:${key}`]).then(
          () => true,
          () => false,
        );
        client.release(!ok);
      },
    };
  }

  async close(): Promise<void> {
    if (this.ownsBoss && this.ready !== undefined) await this.boss.stop({ graceful: false, wait: true, close: true });
    await this.lockPool?.end();
  }
}
