import type { PostgresConnection } from './postgres-connection.js';
import { type PostgresTables, postgresMigrations } from './postgres-tables.js';

type Row = Record<string, unknown>;

/**
 * Creates the schema and tables, or brings them up to this package's version: the session store's
 * and the approval store's share one list of migrations. Idempotent and safe to run from several
 * processes at once (an advisory lock serialises them).
 */
export async function migratePostgres(connection: PostgresConnection, t: PostgresTables): Promise<void> {
  await connection.transaction('migrate', async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [t.lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${t.schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${t.version} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
    );
    const { rows } = await client.query(`SELECT coalesce(max(version), 0) AS v FROM ${t.version}`);
    const current = Number((rows[0] as Row | undefined)?.v ?? 0);
    const migrations = postgresMigrations(t);
    for (let version = current + 1; version <= migrations.length; version++) {
      for (const statement of migrations[version - 1] ?? []) await client.query(statement);
      await client.query(`INSERT INTO ${t.version} (version) VALUES ($1)`, [version]);
    }
  });
}
