import {
  foldSessionSummary,
  type SessionKey,
  type SessionStore,
  type SessionStoreEntry,
  type SessionSummaryEntry,
} from '@hexagent/core';
import { RedisConnection } from './redis-connection.js';
import { checkPrefix, projectIndexKey, type RedisTranscriptKeys, transcriptKeys } from './redis-keys.js';
import * as scripts from './redis-scripts.js';
import type {
  RedisConnection as RedisConnectionOptions,
  RedisSessionStoreOptions,
} from './redis-session-store-options.js';

/**
 * A `SessionStore` on Redis (node-redis), so sessions resume on any machine that reaches the
 * server. A transcript is a list of JSON strings; a per-transcript set of seen uuids makes appends
 * idempotent in the same Lua script that appends; mtimes come from the server's `TIME`; a sorted
 * set per project indexes sessions for `listSessions()`. Summaries are folded client-side with
 * `foldSessionSummary` and written by the append script only if no other append to the session
 * landed since they were read (compare-and-set on a version; the append retries otherwise), so
 * concurrent appends from many processes lose nothing. Every key of a session shares the hash tag
 * `{project:session}` and the project index has its own, so it runs on Redis Cluster. The server
 * must use `maxmemory-policy noeviction`: an evicted list loses a transcript silently.
 * @alpha
 */
export class RedisSessionStore implements SessionStore {
  readonly #db: RedisConnection;
  readonly #prefix: string;
  readonly #ttl: number;
  readonly #maxAttempts: number;

  constructor(connection: RedisConnectionOptions, options: RedisSessionStoreOptions = {}) {
    this.#prefix = checkPrefix(options.prefix ?? 'hexagent:session:');
    this.#ttl = Math.max(0, Math.floor(options.ttlSeconds ?? 0));
    this.#maxAttempts = options.maxAppendAttempts ?? 100;
    this.#db = new RedisConnection(connection, options.operationTimeoutMs ?? 15_000);
  }

  /** Appends `entries` in order, skipping uuids the transcript holds, and folds them into the summary. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const keys = transcriptKeys(this.#prefix, key);
    const pairs: string[] = [];
    for (const entry of entries) pairs.push(typeof entry.uuid === 'string' ? entry.uuid : '', JSON.stringify(entry));
    await this.#db.run('append', async () => {
      let mtime: number | undefined;
      if (key.subpath !== undefined) {
        [mtime] = await this.#appendScript(keys, key, -1, '', pairs);
        return;
      }
      for (let attempt = 1; mtime === undefined; attempt++) {
        if (attempt > this.#maxAttempts)
          throw new Error(`${this.#maxAttempts} attempts lost the race to other appends`);
        mtime = await this.#tryAppendMain(keys, key, entries, pairs);
        if (mtime === undefined) await sleep(Math.random() * Math.min(attempt, 20));
      }
      await this.#db.script(
        scripts.INDEX,
        [projectIndexKey(this.#prefix, key.projectKey)],
        [String(mtime), key.sessionId, String(this.#ttl)],
      );
    });
  }

  /** Every entry of the transcript of `key`, or `null` when it holds none (never written or expired). */
  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    return this.#db.run('load', async () => {
      const lines = (await this.#db.script(scripts.LOAD, [transcriptKeys(this.#prefix, key).log], [])) as string[];
      return lines.length === 0 ? null : lines.map((line) => JSON.parse(line) as SessionStoreEntry);
    });
  }

  /** The main transcripts of `projectKey` with their mtimes (server clock, epoch ms), from the project index. */
  async listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>> {
    return this.#db.run('listSessions', () => this.#listSessions(projectKey));
  }

  /**
   * The summaries of every session of `projectKey`: the project index, then each session's summary
   * (one round trip each, sent together; on a Cluster they go to the sessions' own nodes).
   */
  async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    return this.#db.run('listSessionSummaries', async () => {
      const sessions = await this.#listSessions(projectKey);
      const summaries = await Promise.all(
        sessions.map(async ({ sessionId }) => {
          const keys = transcriptKeys(this.#prefix, { projectKey, sessionId });
          const json = (await this.#db.script(scripts.READ, [keys.summary], ['get'])) as string;
          if (json === '') return undefined;
          const { mtime, data } = JSON.parse(json) as { mtime: number; data: Record<string, unknown> };
          return { sessionId, mtime, data };
        }),
      );
      return summaries.filter((summary) => summary !== undefined);
    });
  }

  /** Deletes a transcript; a main transcript goes with its sub-agent transcripts, summary and index entry. */
  async delete(key: SessionKey): Promise<void> {
    await this.#db.run('delete', async () => {
      const keys = transcriptKeys(this.#prefix, key);
      await this.#db.script(
        scripts.DELETE,
        [keys.log, keys.seen, keys.meta, keys.summary, keys.subs],
        [keys.token, key.subpath ?? '', keys.base],
      );
      if (key.subpath === undefined) {
        await this.#db.script(scripts.UNINDEX, [projectIndexKey(this.#prefix, key.projectKey)], [key.sessionId]);
      }
    });
  }

  /** The sub-agent subpaths stored under a session. */
  async listSubkeys(key: { projectKey: string; sessionId: string }): Promise<string[]> {
    return this.#db.run('listSubkeys', async () => {
      const keys = transcriptKeys(this.#prefix, key);
      return (await this.#db.script(scripts.READ, [keys.subs], ['hkeys'])) as string[];
    });
  }

  /** Quits the client if this store created it (from `url`); a client passed in stays open. */
  async close(): Promise<void> {
    await this.#db.close();
  }

  /** One try: read the summary state, fold the fresh entries, append if nobody else did meanwhile. */
  async #tryAppendMain(
    keys: RedisTranscriptKeys,
    key: SessionKey,
    entries: SessionStoreEntry[],
    pairs: string[],
  ): Promise<number | undefined> {
    const uuids = entries.map((entry) => entry.uuid).filter((uuid): uuid is string => typeof uuid === 'string');
    const [version, summaryJson, seenFlags] = (await this.#db.script(
      scripts.READ_STATE,
      [keys.meta, keys.summary, keys.seen],
      uuids,
    )) as [string, string, number[]];
    const seen = new Set(uuids.filter((_, i) => seenFlags[i] === 1));
    const fresh = entries.filter((entry) => {
      if (typeof entry.uuid !== 'string') return true;
      if (seen.has(entry.uuid)) return false;
      seen.add(entry.uuid);
      return true;
    });
    const prev = summaryJson === '' ? undefined : parseSummary(key.sessionId, summaryJson);
    const { data } = foldSessionSummary(prev, key, fresh);
    const [mtime] = await this.#appendScript(keys, key, Number(version), JSON.stringify(data), pairs);
    return mtime < 0 ? undefined : mtime;
  }

  async #appendScript(
    keys: RedisTranscriptKeys,
    key: SessionKey,
    expectedVersion: number,
    summaryData: string,
    pairs: string[],
  ): Promise<[mtime: number, added: number]> {
    const args = [keys.token, key.subpath ?? '', String(expectedVersion), summaryData, String(this.#ttl), keys.base];
    for (const value of pairs) args.push(value);
    const [mtime, added] = (await this.#db.script(
      scripts.APPEND,
      [keys.log, keys.seen, keys.meta, keys.summary, keys.subs],
      args,
    )) as [number, number];
    return [Number(mtime), Number(added)];
  }

  async #listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>> {
    const flat = (await this.#db.script(
      scripts.LIST,
      [projectIndexKey(this.#prefix, projectKey)],
      [String(this.#ttl)],
    )) as string[];
    const sessions: Array<{ sessionId: string; mtime: number }> = [];
    for (let i = 0; i + 1 < flat.length; i += 2)
      sessions.push({ sessionId: String(flat[i]), mtime: Number(flat[i + 1]) });
    return sessions;
  }
}

function parseSummary(sessionId: string, json: string): SessionSummaryEntry {
  const { mtime, data } = JSON.parse(json) as { mtime: number; data: Record<string, unknown> };
  return { sessionId, mtime, data };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
