/**
 * The official SDK's session-store contract: stores written for the official SDK plug in unchanged.
 * `InMemorySessionStore` and `foldSessionSummary` (in `session-store/`) implement and serve it.
 */

/**
 * Identifies one transcript in a store: a session's main transcript, or (with `subpath`) one of
 * its sub-agents' transcripts.
 * @alpha
 */
export type SessionKey = {
  /** The caller's scope; by default the sanitized working directory. Multi-tenant apps set a tenant id. */
  projectKey: string;
  /** The session id. */
  sessionId: string;
  /** Set for a sub-agent transcript (such as `subagents/agent-<id>`); never an empty string. */
  subpath?: string;
};

/**
 * One line of a JSONL transcript as a store sees it: a `type`, usually a `uuid` and a `timestamp`,
 * and opaque JSON for the rest. Stores keep entries as they are; a JSON round trip is the only
 * invariant.
 * @alpha
 */
export type SessionStoreEntry = {
  type: string;
  uuid?: string;
  timestamp?: string;
  [k: string]: unknown;
};

/**
 * How often transcript entries are flushed to a store: `'batched'` (the default, at the end of a
 * turn or past a size threshold) or `'eager'` (after every entry).
 * @alpha
 */
export type SessionStoreFlush = 'batched' | 'eager';

/**
 * A session summary a store keeps up to date on each `append()` and returns from
 * `listSessionSummaries()`.
 * @alpha
 */
export type SessionSummaryEntry = {
  sessionId: string;
  /** The store's write time of this summary, in Unix epoch milliseconds (same clock as `listSessions()`). */
  mtime: number;
  /** State owned by the SDK; stores persist it verbatim and never interpret it. */
  data: Record<string, unknown>;
};

/**
 * A place to mirror session transcripts to (a database, an object store): the CLI still writes
 * them locally, the store receives a copy, and a resume can load from it.
 * @alpha
 */
export type SessionStore = {
  /** Mirror a batch of entries, in order. Treat `uuid` as an idempotency key where present. */
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  /** Every entry of a transcript, or `null` for a key never written. */
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  /** The sessions of a project with their modification times (epoch ms); order does not matter. */
  listSessions?(projectKey: string): Promise<
    Array<{
      sessionId: string;
      mtime: number;
    }>
  >;
  /** Every session summary of a project in one call. */
  listSessionSummaries?(projectKey: string): Promise<SessionSummaryEntry[]>;
  /** Delete a session; without it, deletion is a no-op. */
  delete?(key: SessionKey): Promise<void>;
  /** The sub-agent subpaths stored under a session, for a resume to load them too. */
  listSubkeys?(key: { projectKey: string; sessionId: string }): Promise<string[]>;
};
