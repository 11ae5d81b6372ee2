import { createServer, type Socket } from 'node:net';
import { InvalidOptionError } from '@hexagent/core';
import { freePort } from '@hexagent/testing/servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PostgresSessionStore, PostgresSessionStoreError } from '../src/index.js';

const connectionString = inject('postgresUrl');
const stores: PostgresSessionStore[] = [];
function store(options: { schema?: string; tablePrefix?: string } = {}): PostgresSessionStore {
  const made = new PostgresSessionStore({ connectionString, ...options });
  stores.push(made);
  return made;
}
const entry = (i: number) => ({ type: 'assistant', uuid: `u-${i}`, timestamp: '2026-11-23T10:00:00.000Z', index: i });

beforeAll(async () => {
  await store().migrate();
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

describe('PostgresSessionStore', () => {
  it('migrates idempotently, also from several processes at once', async () => {
    const schema = `m_${Date.now().toString(36)}`;
    const [a, b] = [store({ schema }), store({ schema, tablePrefix: 'x_' })];
    await Promise.all([a.migrate(), a.migrate(), store({ schema }).migrate()]);
    await a.migrate();
    await b.migrate();
    const pool = new pg.Pool({ connectionString });
    const { rows } = await pool.query(`SELECT version FROM "${schema}"."schema_version"`);
    expect(rows).toEqual([{ version: 1 }]);
    const tables = await pool.query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [
      schema,
    ]);
    expect(tables.rows.map((r: { table_name: string }) => r.table_name).sort()).toEqual([
      'entries',
      'schema_version',
      'summaries',
      'transcripts',
      'x_entries',
      'x_schema_version',
      'x_summaries',
      'x_transcripts',
    ]);
    await pool.end();
    await a.append({ projectKey: 'p', sessionId: 's' }, [entry(1)]);
    expect(await b.load({ projectKey: 'p', sessionId: 's' })).toBeNull();
  });

  it('validates identifiers and says to migrate when the tables are missing', async () => {
    expect(() => new PostgresSessionStore({ connectionString, schema: 'bad"; DROP' })).toThrow(InvalidOptionError);
    expect(() => new PostgresSessionStore({ connectionString, tablePrefix: 'A-b' })).toThrow(InvalidOptionError);
    const error = await store({ schema: 'never_migrated' })
      .load({ projectKey: 'p', sessionId: 's' })
      .catch((e: unknown) => e);
    expect(PostgresSessionStoreError.isInstance(error)).toBe(true);
    expect((error as PostgresSessionStoreError).message).toMatch(/run migrate\(\) first/);
    expect((error as PostgresSessionStoreError).operation).toBe('load');
  });

  it('serialises appends from two pools (two processes) to one session', async () => {
    const [one, two] = [store(), store()];
    const key = { projectKey: `two-${Date.now()}`, sessionId: 's' };
    const batches = Array.from({ length: 40 }, (_, i) => [entry(i * 2), entry(i * 2 + 1)]);
    await Promise.all(batches.map((batch, i) => (i % 2 === 0 ? one : two).append(key, batch)));
    // Retries from either process are no-ops.
    await Promise.all(batches.map((batch, i) => (i % 2 === 0 ? two : one).append(key, batch)));
    const loaded = await one.load(key);
    expect(loaded).toHaveLength(80);
    expect(new Set(loaded?.map((e) => e.index))).toEqual(new Set(Array.from({ length: 80 }, (_, i) => i)));
    // Each batch stays contiguous and in order.
    for (let i = 0; i < 80; i += 2) expect((loaded?.[i]?.index as number) % 2).toBe(0);
    const [summary] = await two.listSessionSummaries(key.projectKey);
    const [listed] = await one.listSessions(key.projectKey);
    expect(summary?.mtime).toBe(listed?.mtime);
  });

  it('deletes sessions older than a cutoff and counts what went', async () => {
    const s = store();
    const projectKey = `retention-${Date.now()}`;
    await s.append({ projectKey, sessionId: 'old' }, [entry(1), entry(2)]);
    await s.append({ projectKey, sessionId: 'old', subpath: 'subagents/agent-1' }, [entry(3)]);
    const cutoff = new Date(Date.now() + 50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await s.append({ projectKey, sessionId: 'new' }, [entry(4)]);
    expect(await s.deleteOlderThan({ days: 1, projectKey })).toEqual({ sessions: 0, transcripts: 0, entries: 0 });
    expect(await s.deleteOlderThan({ before: cutoff, projectKey })).toEqual({
      sessions: 1,
      transcripts: 2,
      entries: 3,
    });
    expect((await s.listSessions(projectKey)).map((x) => x.sessionId)).toEqual(['new']);
    expect((await s.listSessionSummaries(projectKey)).map((x) => x.sessionId)).toEqual(['new']);
    expect(await s.load({ projectKey, sessionId: 'old', subpath: 'subagents/agent-1' })).toBeNull();
    expect(await s.deleteOlderThan({ days: -1, projectKey })).toEqual({ sessions: 1, transcripts: 1, entries: 1 });
  });

  it('loads a 10 000-entry session within 5 s (about 0.1 s here)', async () => {
    const s = store();
    const key = { projectKey: `load-${Date.now()}`, sessionId: 's' };
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      ...entry(i),
      message: { role: 'assistant', content: [{ type: 'text', text: `reply ${i} `.repeat(20) }] },
    }));
    for (let i = 0; i < entries.length; i += 500) await s.append(key, entries.slice(i, i + 500));
    const started = performance.now();
    const loaded = await s.load(key);
    const ms = performance.now() - started;
    expect(loaded).toHaveLength(10_000);
    expect(ms).toBeLessThan(5_000);
  });

  it('leaves a pool passed in open, and survives its connections being killed', async () => {
    const pool = new pg.Pool({ connectionString, application_name: 'hexagent-kill-test' });
    pool.on('error', () => {});
    const s = new PostgresSessionStore({ pool });
    const key = { projectKey: `kill-${Date.now()}`, sessionId: 's' };
    await s.append(key, [entry(1)]);
    await s.close();
    const admin = new pg.Pool({ connectionString });
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database() AND application_name = $1',
      ['hexagent-kill-test'],
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A killed idle connection may fail one call; the pool then replaces it.
    await s.append(key, [entry(2)]).catch(() => s.append(key, [entry(2)]));
    expect(await s.load(key)).toHaveLength(2);
    await pool.end();
  });

  it('fails fast with a typed error when the server is down or does not answer', async () => {
    const refused = new PostgresSessionStore({
      connectionString: `postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`,
      connectionTimeoutMillis: 1_000,
    });
    const error = await refused.append({ projectKey: 'p', sessionId: 's' }, [entry(1)]).catch((e: unknown) => e);
    expect(PostgresSessionStoreError.isInstance(error)).toBe(true);
    expect((error as PostgresSessionStoreError).code).toBe('SESSION_STORE_POSTGRES_FAILED');
    expect((error as Error).message).toMatch(/append\(\) failed: .*ECONNREFUSED/);
    await refused.close();

    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const hung = new PostgresSessionStore({
      connectionString: `postgres://postgres:x@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 500,
    });
    const started = Date.now();
    const timeout = await hung.load({ projectKey: 'p', sessionId: 's' }).catch((e: unknown) => e);
    expect(PostgresSessionStoreError.isInstance(timeout)).toBe(true);
    expect((timeout as Error).message).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await hung.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
  });
});
