/**
 * Cross-host resume on the real CLI with the real store adapters: PostgreSQL (embedded, real
 * binaries) and Redis (the redis-server on PATH). Host A runs two turns with a subagent, its config
 * dir is deleted, host B (another process, fresh config dir) resumes from the store alone. Also:
 * with the database down, a resume ends in the typed load error within `loadTimeoutMs`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { query, type SessionStore, SessionStoreLoadError } from '@hexagent/sdk';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { RedisSessionStore } from '@hexagent/session-store-redis';
import { findRedisServer, freePort, startPostgresServer, startRedisServer } from '@hexagent/testing/servers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect } from './harness.js';
import { crossHostResume, hostEnv, sessionStoreModel, type Track } from './session-store-scenarios.js';

const cleanups: Array<() => Promise<void> | void> = [];
const track: Track = (cleanup) => cleanups.push(cleanup);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  track(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A resume whose store cannot be reached: the typed error, within the bound, and no model request. */
async function resumeWithStoreDown(store: SessionStore): Promise<void> {
  const server = await sessionStoreModel(track);
  const { env } = await hostEnv(server, track);
  const started = Date.now();
  const error = await collect(
    query({
      prompt: 'what was it?',
      options: { env, settingSources: [], sessionStore: store, resume: randomUUID(), loadTimeoutMs: 3_000 },
    }),
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(SessionStoreLoadError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ code: 'SESSION_STORE_LOAD_FAILED', operation: 'load' });
  expect(Date.now() - started).toBeLessThan(8_000);
  expect(server.requests).toHaveLength(0);
}

describe('cross-host resume with PostgresSessionStore on the real CLI', () => {
  let postgres: Awaited<ReturnType<typeof startPostgresServer>>;
  let store: PostgresSessionStore;
  beforeAll(async () => {
    postgres = await startPostgresServer();
    store = new PostgresSessionStore({ connectionString: postgres.url });
    await store.migrate();
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await postgres?.stop();
  });

  it('host B resumes from PostgreSQL alone: earlier turns and the subagent transcript are there', async () => {
    const server = await sessionStoreModel(track);
    const cwd = tempDir('hx-proj-');
    const { projectKey, sessionId } = await crossHostResume({
      server,
      storeSpec: `postgres:${postgres.url}`,
      store,
      cwd,
      track,
    });
    // The summary folded in the append transactions names the session under its project.
    const listed = await store.listSessionSummaries?.(projectKey);
    expect(listed?.map((summary) => summary.sessionId)).toContain(sessionId);
  }, 240_000);

  it('with the database down, a resume ends in SessionStoreLoadError within loadTimeoutMs', async () => {
    const down = new PostgresSessionStore({
      connectionString: `postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`,
    });
    track(() => down.close());
    await resumeWithStoreDown(down);
  }, 60_000);
});

const redisBinary = findRedisServer();
const inCi = ['', '0', 'false'].includes(process.env['CI'] ?? '') === false;

describe.runIf(redisBinary !== undefined || inCi)('cross-host resume with RedisSessionStore on the real CLI', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let store: RedisSessionStore;
  beforeAll(async () => {
    if (redisBinary === undefined) throw new Error('redis-server is not on PATH; in CI these tests must run');
    redis = await startRedisServer({ binary: redisBinary });
    store = new RedisSessionStore({ url: redis.url });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await redis?.stop();
  });

  it('host B resumes from Redis alone: earlier turns and the subagent transcript are there', async () => {
    const server = await sessionStoreModel(track);
    const cwd = tempDir('hx-proj-');
    const { projectKey, sessionId } = await crossHostResume({
      server,
      storeSpec: `redis:${redis.url}`,
      store,
      cwd,
      track,
    });
    const listed = await store.listSessions?.(projectKey);
    expect(listed?.map((session) => session.sessionId)).toContain(sessionId);
  }, 240_000);

  it('with the server down, a resume ends in SessionStoreLoadError within loadTimeoutMs', async () => {
    const down = new RedisSessionStore({ url: `redis://127.0.0.1:${await freePort()}` });
    track(() => down.close());
    await resumeWithStoreDown(down);
  }, 60_000);
});

if (redisBinary === undefined && !inCi) {
  it.skip(
    'RedisSessionStore cross-host resume: did not run, redis-server is not on PATH (apt-get install redis-server)',
  );
}
