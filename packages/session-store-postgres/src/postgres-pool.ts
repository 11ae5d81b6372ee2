/**
 * The part of a node-postgres `Pool` the store uses. A `pg.Pool` fits it; so does any pool with
 * the same `query` / `connect` / `end`, which keeps `@types/pg` out of this package's public types.
 */
export interface PostgresPool {
  /** Runs one parameterised statement on any connection of the pool. */
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
  /** Checks out a connection, for a transaction. */
  connect(): Promise<PostgresPoolClient>;
  /** Closes every connection. */
  end(): Promise<void>;
}

/** A connection checked out of a {@link PostgresPool}. */
export interface PostgresPoolClient {
  /** Runs one parameterised statement on this connection. */
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
  /** Returns the connection to the pool; pass an error to discard it instead. */
  release(error?: Error | boolean): void;
}

/** What a statement returns: its rows, as objects keyed by column name. */
export interface PostgresQueryResult {
  /** The rows. */
  rows: unknown[];
  /** How many rows the statement touched, when known. */
  rowCount: number | null;
}
