import type { PostgresPool } from './postgres-pool.js';

/** Where the tables live; the same for a pool passed in and one the store creates. */
export interface PostgresTableOptions {
  /** The schema of the tables, created by `migrate()`; default `hexagent`. Lower-case letters, digits, `_`. */
  schema?: string;
  /** A prefix for the table names (such as `agent_`), for several stores in one schema; default none. */
  tablePrefix?: string;
}

/** Use a pool you own: the store never ends it. */
export interface PostgresPoolOptions extends PostgresTableOptions {
  /** A node-postgres `Pool` (or anything with its `query` / `connect` / `end`). */
  pool: PostgresPool;
}

/** Let the store create (and, on `close()`, end) a pool. */
export interface PostgresConnectionOptions extends PostgresTableOptions {
  /** A `postgres://user:password@host:port/database` URL. */
  connectionString: string;
  /** How long to wait for a new connection before failing, in ms; default 10 000 (the store never hangs on a dead server). */
  connectionTimeoutMillis?: number;
  /** How long one query may take before it fails, in ms; default 30 000 (the SDK gives `append()` 60 s). */
  queryTimeoutMillis?: number;
  /** The pool's size; default 10. */
  maxConnections?: number;
}

/** The options of `new PostgresSessionStore(...)`: a pool of yours, or a connection string. */
export type PostgresSessionStoreOptions = PostgresPoolOptions | PostgresConnectionOptions;

/** The cutoff of `deleteOlderThan()`: an age in days by the database clock, or a date. */
export type RetentionOptions = ({ days: number } | { before: Date }) & {
  /** Only sessions of this project key; default every project. */
  projectKey?: string;
};

/** What `deleteOlderThan()` removed. */
export interface RetentionCounts {
  /** Sessions removed (each with its main and sub-agent transcripts and its summary). */
  sessions: number;
  /** Transcripts removed, main and sub-agent. */
  transcripts: number;
  /** Entries removed. */
  entries: number;
}
