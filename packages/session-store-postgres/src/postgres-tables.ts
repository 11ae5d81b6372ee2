import { InvalidOptionError } from '@hexagent/core';

/** The schema-qualified, quoted names of the store's tables. */
export interface PostgresTables {
  /** The schema, quoted. */
  schema: string;
  /** Applied migrations: one row per version. */
  version: string;
  /** One row per transcript (main or sub-agent): its mtime and next sequence number. */
  transcripts: string;
  /** One row per entry, ordered by a per-transcript sequence. */
  entries: string;
  /** One row per session: the folded summary of its main transcript. */
  summaries: string;
  /** One row per approval (`PostgresApprovalStore`): the record as JSON text and its version. */
  approvals: string;
  /** One row per run under control (`PostgresRunControlStore`): its control record as JSON text and its version. */
  runControls: string;
  /** The spend ledger: one row per attempt of a run, its cost in dollars. */
  spend: string;
  /** One row per recorded tool call (`PostgresStepStore`): the step record as JSON text and its version. */
  steps: string;
  /** A prefix for index names, unquoted. */
  indexPrefix: string;
  /** The key of the advisory lock that serialises `migrate()`. */
  lockKey: string;
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,47}$/;
const PREFIX = /^[a-z_][a-z0-9_]{0,29}$/;

/**
 * Validates `schema` and `tablePrefix` (lower-case letters, digits and `_`, so no quoting tricks
 * are possible) and builds the table names. Throws `InvalidOptionError` otherwise.
 */
export function postgresTables(schema: string, tablePrefix: string): PostgresTables {
  if (!SCHEMA.test(schema)) {
    throw new InvalidOptionError({ option: 'schema', message: `"${schema}" must match ${SCHEMA}` });
  }
  if (tablePrefix !== '' && !PREFIX.test(tablePrefix)) {
    throw new InvalidOptionError({
      option: 'tablePrefix',
      message: `"${tablePrefix}" must match ${PREFIX} or be empty`,
    });
  }
  const table = (name: string) => `"${schema}"."${tablePrefix}${name}"`;
  return {
    schema: `"${schema}"`,
    version: table('schema_version'),
    transcripts: table('transcripts'),
    entries: table('entries'),
    summaries: table('summaries'),
    approvals: table('approvals'),
    runControls: table('run_controls'),
    spend: table('spend'),
    steps: table('steps'),
    indexPrefix: `${tablePrefix}`,
    lockKey: `hexagent.session-store:${schema}.${tablePrefix}`,
  };
}

/** The migrations, in order; `migrate()` applies those above the recorded version. */
export function postgresMigrations(t: PostgresTables): string[][] {
  const i = t.indexPrefix;
  return [
    [
      `CREATE TABLE ${t.transcripts} (
        project_key text NOT NULL,
        session_id text NOT NULL,
        subpath text NOT NULL DEFAULT '',
        mtime bigint NOT NULL,
        next_seq bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (project_key, session_id, subpath)
      )`,
      `CREATE INDEX ${i}transcripts_main_by_mtime ON ${t.transcripts} (project_key, mtime DESC) WHERE subpath = ''`,
      `CREATE INDEX ${i}transcripts_by_mtime ON ${t.transcripts} (mtime)`,
      `CREATE TABLE ${t.entries} (
        project_key text NOT NULL,
        session_id text NOT NULL,
        subpath text NOT NULL,
        seq bigint NOT NULL,
        uuid text,
        entry jsonb,
        entry_text text,
        PRIMARY KEY (project_key, session_id, subpath, seq),
        CHECK ((entry IS NULL) <> (entry_text IS NULL))
      )`,
      `CREATE UNIQUE INDEX ${i}entries_uuid ON ${t.entries} (project_key, session_id, subpath, uuid)`,
      `CREATE TABLE ${t.summaries} (
        project_key text NOT NULL,
        session_id text NOT NULL,
        mtime bigint NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (project_key, session_id)
      )`,
      `CREATE INDEX ${i}summaries_by_mtime ON ${t.summaries} (project_key, mtime DESC)`,
    ],
    [
      // The record is JSON text, not JSONB: a tool input may hold U+0000, and nothing queries inside it.
      `CREATE TABLE ${t.approvals} (
        id text PRIMARY KEY,
        session_id text NOT NULL,
        status text NOT NULL,
        requested_at bigint NOT NULL,
        version bigint NOT NULL,
        record text NOT NULL
      )`,
      `CREATE INDEX ${i}approvals_by_status ON ${t.approvals} (status, requested_at)`,
      `CREATE INDEX ${i}approvals_by_session ON ${t.approvals} (session_id, requested_at)`,
    ],
    [
      `CREATE TABLE ${t.runControls} (
        run_id text PRIMARY KEY,
        version bigint NOT NULL,
        record text NOT NULL
      )`,
      `CREATE TABLE ${t.spend} (
        run_id text NOT NULL,
        entry_id text NOT NULL,
        tenant text,
        day text NOT NULL,
        cost_usd double precision NOT NULL,
        PRIMARY KEY (run_id, entry_id)
      )`,
      `CREATE INDEX ${i}spend_by_tenant_day ON ${t.spend} (tenant, day) WHERE tenant IS NOT NULL`,
    ],
    [
      `CREATE TABLE ${t.steps} (
        session_id text NOT NULL,
        tool_use_id text NOT NULL,
        started_at bigint NOT NULL,
        version bigint NOT NULL,
        record text NOT NULL,
        PRIMARY KEY (session_id, tool_use_id)
      )`,
    ],
  ];
}

/** The latest schema version this package knows. */
export function latestVersion(t: PostgresTables): number {
  return postgresMigrations(t).length;
}

/** The database clock in integer epoch milliseconds, as SQL. */
export const NOW_MS = `floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint`;
