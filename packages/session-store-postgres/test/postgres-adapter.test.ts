import { createServer, type Socket } from 'node:net';
import { foldSessionSummary, InvalidOptionError, TranscriptMirrorBatcher } from '@hexagent/core';
import { foldedEntry, numberedEntry } from '@hexagent/testing';
import { freePort, startPostgresServer } from '@hexagent/testing/servers';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  PostgresApprovalStore,
  PostgresRunControlStore,
  PostgresSessionStore,
  PostgresSessionStoreError,
} from '../src/index.js';

const connectionString = inject('postgresUrl');
const stores: PostgresSessionStore[] = [];
function store(options: { schema?: string; tablePrefix?: string } = {}): PostgresSessionStore {
  const made = new PostgresSessionStore({ connectionString, ...options });
  stores.push(made);
  return made;
}

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
    const { rows } = await pool.query(`SELECT version FROM "${schema}"."schema_version" ORDER BY version`);
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
    const tables = await pool.query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [
      schema,
    ]);
    expect(tables.rows.map((r: { table_name: string }) => r.table_name).sort()).toEqual([
      'approvals',
      'entries',
      'run_controls',
      'schema_version',
      'spend',
      'steps',
      'summaries',
      'transcripts',
      'x_approvals',
      'x_entries',
      'x_run_controls',
      'x_schema_version',
      'x_spend',
      'x_steps',
      'x_summaries',
      'x_transcripts',
    ]);
    await pool.end();
    await a.append({ projectKey: 'p', sessionId: 's' }, [numberedEntry(1)]);
    expect(await b.load({ projectKey: 'p', sessionId: 's' })).toBeNull();
  });

  it('creates the indexes that listing, retention and uuid idempotency use', async () => {
    const schema = `ix_${Date.now().toString(36)}`;
    await store({ schema, tablePrefix: 'x_' }).migrate();
    const pool = new pg.Pool({ connectionString });
    const { rows } = await pool.query('SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1', [schema]);
    await pool.end();
    const on = (table: string) => `ON ${schema}.x_${table} USING btree`;
    expect(
      Object.fromEntries(rows.map((r: { indexname: string; indexdef: string }) => [r.indexname, r.indexdef])),
    ).toEqual({
      x_schema_version_pkey: `CREATE UNIQUE INDEX x_schema_version_pkey ${on('schema_version')} (version)`,
      x_transcripts_pkey: `CREATE UNIQUE INDEX x_transcripts_pkey ${on('transcripts')} (project_key, session_id, subpath)`,
      x_transcripts_main_by_mtime: `CREATE INDEX x_transcripts_main_by_mtime ${on('transcripts')} (project_key, mtime DESC) WHERE (subpath = ''::text)`,
      x_transcripts_by_mtime: `CREATE INDEX x_transcripts_by_mtime ${on('transcripts')} (mtime)`,
      x_entries_pkey: `CREATE UNIQUE INDEX x_entries_pkey ${on('entries')} (project_key, session_id, subpath, seq)`,
      x_entries_uuid: `CREATE UNIQUE INDEX x_entries_uuid ${on('entries')} (project_key, session_id, subpath, uuid)`,
      x_summaries_pkey: `CREATE UNIQUE INDEX x_summaries_pkey ${on('summaries')} (project_key, session_id)`,
      x_summaries_by_mtime: `CREATE INDEX x_summaries_by_mtime ${on('summaries')} (project_key, mtime DESC)`,
      x_approvals_pkey: `CREATE UNIQUE INDEX x_approvals_pkey ${on('approvals')} (id)`,
      x_approvals_by_status: `CREATE INDEX x_approvals_by_status ${on('approvals')} (status, requested_at)`,
      x_approvals_by_session: `CREATE INDEX x_approvals_by_session ${on('approvals')} (session_id, requested_at)`,
      x_run_controls_pkey: `CREATE UNIQUE INDEX x_run_controls_pkey ${on('run_controls')} (run_id)`,
      x_spend_pkey: `CREATE UNIQUE INDEX x_spend_pkey ${on('spend')} (run_id, entry_id)`,
      x_spend_by_tenant_day: `CREATE INDEX x_spend_by_tenant_day ${on('spend')} (tenant, day) WHERE (tenant IS NOT NULL)`,
      x_steps_pkey: `CREATE UNIQUE INDEX x_steps_pkey ${on('steps')} (session_id, tool_use_id)`,
    });
  });

  it('brings a database of version 1 up to version 4 (approvals, run control and spend, steps), keeping its sessions', async () => {
    const schema = `up_${Date.now().toString(36)}`;
    const sessions = store({ schema });
    await sessions.migrate();
    await sessions.append({ projectKey: 'p', sessionId: 's' }, [numberedEntry(1)]);
    const pool = new pg.Pool({ connectionString });
    await pool.query(
      `DROP TABLE "${schema}"."approvals", "${schema}"."run_controls", "${schema}"."spend", "${schema}"."steps"`,
    );
    await pool.query(`DELETE FROM "${schema}"."schema_version" WHERE version > 1`);
    const approvals = new PostgresApprovalStore({ connectionString, schema });
    const runs = new PostgresRunControlStore({ connectionString, schema });
    try {
      await approvals.migrate();
      const { rows } = await pool.query(`SELECT version FROM "${schema}"."schema_version" ORDER BY version`);
      expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
      expect(await approvals.list()).toEqual([]);
      expect(await runs.runSpend('r')).toBe(0);
      expect(await sessions.load({ projectKey: 'p', sessionId: 's' })).toEqual([numberedEntry(1)]);
    } finally {
      await Promise.all([approvals.close(), runs.close()]);
      await pool.end();
    }
  });

  it('rolls a failed append back whole: entries, mtime and summary stay as they were', async () => {
    const schema = `rb_${Date.now().toString(36)}`;
    const s = store({ schema });
    await s.migrate();
    const key = { projectKey: 'p', sessionId: 's' };
    await s.append(key, [foldedEntry(0), foldedEntry(1)]);
    const state = async () => ({
      entries: await s.load(key),
      sessions: await s.listSessions('p'),
      summaries: await s.listSessionSummaries('p'),
    });
    const before = await state();
    const admin = new pg.Pool({ connectionString });
    // Test triggers fail the append part way: on its second entry (the first is already inserted),
    // or on the summary write (every entry inserted, the transcript's mtime moved).
    const refuse = async (table: string, when: string, event: string) => {
      await admin.query(`CREATE FUNCTION ${schema}.refuse_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF ${when} THEN RAISE EXCEPTION 'test trigger: ${table} refused'; END IF; RETURN NEW; END $$`);
      await admin.query(
        `CREATE TRIGGER refuse BEFORE ${event} ON ${schema}.${table} FOR EACH ROW EXECUTE FUNCTION ${schema}.refuse_${table}()`,
      );
    };
    await refuse('entries', `NEW.entry ? 'poison'`, 'INSERT');
    await refuse('summaries', `NEW.data->>'customTitle' = 'poison'`, 'UPDATE');
    try {
      const midEntries = await s
        .append(key, [foldedEntry(2), { ...foldedEntry(3), poison: true }, foldedEntry(4)])
        .catch((e: unknown) => e);
      expect(PostgresSessionStoreError.isInstance(midEntries)).toBe(true);
      expect(midEntries).toMatchObject({ operation: 'append', pgCode: 'P0001' });
      expect((midEntries as Error).message).toMatch(/test trigger: entries refused/);
      expect(await state()).toEqual(before);

      const atSummary = await s
        .append(key, [foldedEntry(2), { ...foldedEntry(3), customTitle: 'poison' }])
        .catch((e: unknown) => e);
      expect((atSummary as Error).message).toMatch(/test trigger: summaries refused/);
      expect(await state()).toEqual(before);
    } finally {
      await admin.query(`DROP FUNCTION ${schema}.refuse_entries(), ${schema}.refuse_summaries() CASCADE`);
      await admin.end();
    }
    // The same batch goes in once nothing refuses it, right after what was there.
    const batch = [foldedEntry(2), foldedEntry(3)];
    await s.append(key, batch);
    const after = await state();
    expect(after.entries).toEqual([...(before.entries ?? []), ...batch]);
    expect(after.summaries[0]?.data).toEqual(foldSessionSummary(undefined, key, after.entries ?? []).data);
    expect(after.summaries[0]?.mtime).toBe(after.sessions[0]?.mtime);
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

  it('deletes sessions older than a cutoff and counts what went', async () => {
    const s = store();
    const projectKey = `retention-${Date.now()}`;
    await s.append({ projectKey, sessionId: 'old' }, [numberedEntry(1), numberedEntry(2)]);
    await s.append({ projectKey, sessionId: 'old', subpath: 'subagents/agent-1' }, [numberedEntry(3)]);
    const cutoff = new Date(Date.now() + 50);
    // The time is the point: the next session is written after the cutoff.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await s.append({ projectKey, sessionId: 'new' }, [numberedEntry(4)]);
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
      ...numberedEntry(i),
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
    await s.append(key, [numberedEntry(1)]);
    await s.close();
    const admin = new pg.Pool({ connectionString });
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database() AND application_name = $1',
      ['hexagent-kill-test'],
    );
    await admin.end();
    // The pool has seen its idle connections die (each one's error removes it).
    await vi.waitFor(() => expect(pool.idleCount).toBe(0), { timeout: 10_000 });
    // A killed idle connection may fail one call; the pool then replaces it.
    await s.append(key, [numberedEntry(2)]).catch(() => s.append(key, [numberedEntry(2)]));
    expect(await s.load(key)).toHaveLength(2);
    await pool.end();
  });

  it('fails fast with a typed error when the server is down or does not answer', async () => {
    const refused = new PostgresSessionStore({
      connectionString: `postgres://postgres:x@127.0.0.1:${await freePort()}/postgres`,
      connectionTimeoutMillis: 1_000,
    });
    const error = await refused
      .append({ projectKey: 'p', sessionId: 's' }, [numberedEntry(1)])
      .catch((e: unknown) => e);
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
    const started = performance.now();
    const timeout = await hung.load({ projectKey: 'p', sessionId: 's' }).catch((e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(PostgresSessionStoreError.isInstance(timeout)).toBe(true);
    expect((timeout as Error).message).toMatch(/timeout/i);
    expect(elapsed).toBeGreaterThanOrEqual(495);
    expect(elapsed).toBeLessThan(750);
    await hung.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it('recovers when the server is back: a batch sent once it is up lands within the SDK mirror retries', async () => {
    const server = await startPostgresServer();
    const s = new PostgresSessionStore({ connectionString: server.url, connectionTimeoutMillis: 2_000 });
    try {
      await s.migrate();
      const key = { projectKey: 'p', sessionId: 's' };
      await s.append(key, [numberedEntry(1)]);
      await server.halt();
      const down = Date.now();
      const lost = await s.append(key, [numberedEntry(2)]).catch((e: unknown) => e);
      expect(PostgresSessionStoreError.isInstance(lost)).toBe(true);
      expect((lost as Error).message).toMatch(/^PostgreSQL session store: append\(\) failed: connect ECONNREFUSED/);
      expect(Date.now() - down).toBeLessThan(1_000);
      await server.restart();
      // The SDK's own retry policy (3 tries over ~1 s, then the batch is dropped): it must land.
      const dropped: Error[] = [];
      const mirror = new TranscriptMirrorBatcher({
        send: (_file, entries) => s.append(key, entries),
        onError: (_file, error) => dropped.push(error),
      });
      mirror.enqueue('main', [numberedEntry(3)]);
      await mirror.flush();
      expect(dropped).toEqual([]);
      expect(await s.load(key)).toEqual([numberedEntry(1), numberedEntry(3)]);
    } finally {
      await s.close();
      await server.stop();
    }
  }, 120_000);
});
