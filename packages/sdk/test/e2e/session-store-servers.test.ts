/**
 * `sessionStore` on the real CLI with the real store adapters: PostgreSQL (embedded, real
 * binaries) and Redis (the redis-server on PATH), one server per store for the file.
 * - Cross-host resume: host A runs two turns with a subagent, its config dir is deleted, host B
 *   (another process, fresh config dir) resumes from the store alone.
 * - The server stopped mid-session and restarted: the turn completes, `mirror_error`, nothing lost
 *   locally, the batch of the turn it was down for lost to the store, later turns land.
 * - Two host processes appending to one session at once: one consistent summary.
 * - A resume with the server down (refused: fails at once) or silent (`loadTimeoutMs` ends it).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { query, type SessionStore, SessionStoreLoadError } from '@hexagent/sdk';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { RedisSessionStore } from '@hexagent/session-store-redis';
import { collect, TestScope } from '@hexagent/testing';
import {
  findRedisServer,
  freePort,
  type RunningServer,
  startPostgresServer,
  startRedisServer,
} from '@hexagent/testing/servers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { concurrentHosts, storeOutageMidSession } from './session-store-fault-scenarios.js';
import { crossHostResume, hostEnv, sessionStoreModel, type Track } from './session-store-scenarios.js';

const scope = new TestScope();
const track: Track = (cleanup) => scope.defer(cleanup);
afterEach(() => scope.cleanup());

const tempDir = (prefix: string): string => scope.tempDir(prefix);

/** A TCP server on 127.0.0.1 that accepts connections and never answers; its port. */
async function silentServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  track(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as { port: number }).port;
}

const LOAD_TIMEOUT_MS = 1_000;

/**
 * A resume whose store does not answer (`timedOut`) or refuses: the typed error, within
 * `loadTimeoutMs` (a timeout: after it, within 1.5 × it; a refusal: well before it), no model
 * request, no CLI spawned (the spawn hook would see it) and no `claude-resume-*` dir made
 * (TMPDIR points at an empty directory meanwhile).
 */
async function resumeFails(store: SessionStore, timedOut: boolean): Promise<void> {
  const server = await sessionStoreModel(track);
  const { env } = await hostEnv(server, track);
  const sessionId = randomUUID();
  const privateTmp = tempDir('hx-tmp-');
  const spawned: string[] = [];
  const savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = privateTmp;
  const started = performance.now();
  let error: unknown;
  try {
    error = await collect(
      query({
        prompt: 'what was it?',
        options: {
          env,
          settingSources: [],
          sessionStore: store,
          resume: sessionId,
          loadTimeoutMs: LOAD_TIMEOUT_MS,
          spawnClaudeCodeProcess: (spawnOptions) => {
            spawned.push(spawnOptions.command);
            const { command, args, cwd, env: cliEnv, signal } = spawnOptions;
            return spawn(command, args, { cwd, env: cliEnv, signal, stdio: ['pipe', 'pipe', 'pipe'] });
          },
        },
      }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
  } finally {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  }
  const elapsed = performance.now() - started;
  expect(SessionStoreLoadError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ code: 'SESSION_STORE_LOAD_FAILED', operation: 'load', timedOut, sessionId });
  if (timedOut) {
    expect((error as Error).message).toBe(
      `SessionStore.load() for session ${sessionId} timed out after ${LOAD_TIMEOUT_MS}ms (loadTimeoutMs)`,
    );
    expect(elapsed).toBeGreaterThanOrEqual(LOAD_TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(1.5 * LOAD_TIMEOUT_MS);
  } else {
    expect(elapsed).toBeLessThan(LOAD_TIMEOUT_MS / 2);
  }
  expect(server.requests).toHaveLength(0);
  expect(spawned).toEqual([]);
  expect(readdirSync(privateTmp)).toEqual([]);
}

describe('sessionStore with PostgresSessionStore on the real CLI', () => {
  let postgres: RunningServer;
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

  it('PostgreSQL stopped mid-session: the turn completes with mirror_error, nothing is lost locally, turn 3 lands after the restart', async () => {
    await storeOutageMidSession({
      server: await sessionStoreModel(track),
      database: postgres,
      store,
      cwd: tempDir('hx-proj-'),
      track,
      downError: /^PostgreSQL session store: append\(\) failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    });
  }, 180_000);

  it('two host processes appending to one session at once keep one consistent summary', async () => {
    await concurrentHosts({
      server: await sessionStoreModel(track),
      storeSpec: `postgres:${postgres.url}`,
      store,
      cwd: tempDir('hx-proj-'),
      track,
    });
  }, 240_000);

  it('with the database refusing connections, a resume fails at once in SessionStoreLoadError', async () => {
    const down = new PostgresSessionStore({
      connectionString: `postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`,
    });
    track(() => down.close());
    await resumeFails(down, false);
  }, 60_000);

  it('with a database that never answers, loadTimeoutMs ends the resume (the 10 s connect timeout does not)', async () => {
    let hung: PostgresSessionStore | undefined;
    track(() => hung?.close()); // after the silent server's sockets are gone (cleanups run in reverse)
    hung = new PostgresSessionStore({
      connectionString: `postgres://postgres:x@127.0.0.1:${await silentServer()}/postgres`,
    });
    await resumeFails(hung, true);
  }, 60_000);
});

const redisBinary = findRedisServer();
const inCi = ['', '0', 'false'].includes(process.env['CI'] ?? '') === false;

describe.runIf(redisBinary !== undefined || inCi)('sessionStore with RedisSessionStore on the real CLI', () => {
  let redis: RunningServer;
  let store: RedisSessionStore;
  beforeAll(async () => {
    if (redisBinary === undefined) throw new Error('redis-server is not on PATH; in CI these tests must run');
    // Persistent (an append-only file), so a restart keeps what was stored, as a real server would.
    redis = await startRedisServer({ binary: redisBinary, persistent: true });
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

  it('redis-server killed mid-session: the turn completes with mirror_error, nothing is lost locally, turn 3 lands after the restart', async () => {
    await storeOutageMidSession({
      server: await sessionStoreModel(track),
      database: redis,
      store,
      cwd: tempDir('hx-proj-'),
      track,
      downError: /^Redis session store: append\(\) failed: (The client is offline|Socket closed unexpectedly)$/,
    });
  }, 180_000);

  it('two host processes appending to one session at once keep one consistent summary', async () => {
    await concurrentHosts({
      server: await sessionStoreModel(track),
      storeSpec: `redis:${redis.url}`,
      store,
      cwd: tempDir('hx-proj-'),
      track,
    });
  }, 240_000);

  it('with the server refusing connections, a resume fails at once in SessionStoreLoadError', async () => {
    const down = new RedisSessionStore({ url: `redis://127.0.0.1:${await freePort()}` });
    track(() => down.close());
    await resumeFails(down, false);
  }, 60_000);

  it('with a server that never answers, loadTimeoutMs ends the resume (the 15 s operation timeout does not)', async () => {
    let hung: RedisSessionStore | undefined;
    track(() => hung?.close());
    hung = new RedisSessionStore({ url: `redis://127.0.0.1:${await silentServer()}` });
    await resumeFails(hung, true);
  }, 60_000);
});

if (redisBinary === undefined && !inCi) {
  it.skip('RedisSessionStore on the real CLI: did not run, redis-server is not on PATH (apt-get install redis-server)');
}
