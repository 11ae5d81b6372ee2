import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type JobQueue, pgBossQueue } from '../src/index.js';

const connectionString = inject('postgresUrl');
type Queue = JobQueue<{ n: number }, { doubled: number }, { step: number }>;
let boss: PgBoss;
let queue: Queue;
let counter = 0;
const fresh = (): Queue => pgBossQueue({ boss, connectionString, name: `q${Date.now()}x${counter++}` });

beforeAll(async () => {
  boss = new PgBoss({ connectionString, maintenanceIntervalSeconds: 1 });
  boss.on('error', () => {});
  await boss.start();
  queue = fresh();
});
afterAll(async () => {
  await queue.close();
  await boss.stop({ graceful: false, wait: true });
});

describe('pgBossQueue', () => {
  it('enqueues, claims once, records progress and completes with the output', async () => {
    const q = fresh();
    const id = await q.enqueue({ n: 21 });
    expect((await q.get(id))?.state).toBe('created');
    const [claimed, again] = await Promise.all([q.fetch(5), q.fetch(5)]);
    expect([...(claimed ?? []), ...(again ?? [])].map((job) => job.id)).toEqual([id]);
    await q.progress(id, { step: 1 });
    await q.progress(id, { step: 2 });
    expect(await q.get(id)).toMatchObject({ state: 'active', progress: { step: 2 }, retryCount: 0 });
    await q.complete(id, { doubled: 42 });
    expect(await q.get(id)).toMatchObject({ state: 'completed', output: { doubled: 42 }, progress: { step: 2 } });
    expect(await q.get('00000000-0000-0000-0000-000000000000')).toBeNull();
    await q.close();
  });

  it('retries a failed attempt up to retryLimit, then ends failed with the error', async () => {
    const q = fresh();
    const id = await q.enqueue({ n: 1 }, { retryLimit: 1 });
    const [first] = await q.fetch(1);
    expect(first?.retryCount).toBe(0);
    await q.fail(id, { message: 'boom', name: 'Error' });
    expect(await q.get(id)).toMatchObject({ state: 'retry', error: { message: 'boom' } });
    const [second] = await q.fetch(1);
    expect(second).toMatchObject({ id, retryCount: 1 });
    await q.fail(id, { message: 'boom again', code: 'X' });
    expect(await q.get(id)).toMatchObject({ state: 'failed', error: { message: 'boom again', code: 'X' } });
    expect(await q.fetch(1)).toEqual([]);
    await q.close();
  });

  it('expires an attempt whose worker went away, and retries it', async () => {
    const q = fresh();
    const id = await q.enqueue({ n: 2 }, { retryLimit: 1, expireInSeconds: 1 });
    expect(await q.fetch(1)).toHaveLength(1);
    // Expire as soon as the database sees the attempt past its second (however late this process runs).
    await vi.waitFor(
      async () => {
        await boss.expire();
        expect((await q.get(id))?.state).toBe('retry');
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await q.get(id)).toMatchObject({ state: 'retry', error: { message: /timeout/ } });
    const [retried] = await q.fetch(1);
    expect(retried).toMatchObject({ id, retryCount: 1 });
    await q.close();
  });

  it('release hands a claimed job back without counting an attempt; cancel ends it', async () => {
    const q = fresh();
    const id = await q.enqueue({ n: 3 }, { retryLimit: 0 });
    await q.fetch(1);
    await q.release(id, 0);
    expect((await q.get(id))?.state).toBe('created');
    const [again] = await q.fetch(1);
    expect(again?.retryCount).toBe(0);
    await q.cancel(id);
    expect((await q.get(id))?.state).toBe('cancelled');
    await q.close();
  });

  it('tryLock is exclusive per key, and a dead holder loses the lock with its connection', async () => {
    const a = await queue.tryLock('session:s1');
    expect(a).not.toBeNull();
    expect(await queue.tryLock('session:s1')).toBeNull();
    const other = await queue.tryLock('session:s2');
    expect(other).not.toBeNull();
    await a?.release();
    await a?.release();
    const b = await queue.tryLock('session:s1');
    expect(b).not.toBeNull();
    await b?.release();
    await other?.release();

    const holder = new pg.Client({ connectionString });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', ['hexagent:session:s3']);
    expect(await queue.tryLock('session:s3')).toBeNull();
    const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    holder.on('error', () => {});
    const killer = new pg.Client({ connectionString });
    await killer.connect();
    await killer.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
    await killer.end();
    // The lock goes once the server has ended the holder's backend.
    const c = await vi.waitFor(
      async () => {
        const lock = await queue.tryLock('session:s3');
        if (lock === null) throw new Error('the dead holder still has the lock');
        return lock;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(c).not.toBeNull();
    await c.release();
  });

  it('owns a pg-boss of its own when given a connection string', async () => {
    const own = pgBossQueue<{ n: number }, number, never>({ connectionString, name: 'own' });
    const id = await own.enqueue({ n: 9 });
    const [job] = await own.fetch(1);
    await own.complete(id, 18);
    expect(job?.data).toEqual({ n: 9 });
    expect(await own.get(id)).toMatchObject({ state: 'completed', output: 18 });
    await own.close();
  });
});
