import {
  foldSessionSummary,
  type SessionKey,
  type SessionStore,
  type SessionStoreEntry,
  type SessionSummaryEntry,
} from '@hexagent/core';
import type { RetentionCounts, RetentionOptions } from './postgres-session-store-options.js';
import { PostgresStoreBase, type Row } from './postgres-store-base.js';
import { NOW_MS } from './postgres-tables.js';

/**
 * A `SessionStore` on PostgreSQL (node-postgres), so sessions resume on any machine that reaches
 * the database. Entries are JSONB rows ordered by a per-transcript sequence; a `uuid` is stored
 * once (a unique index, `ON CONFLICT DO NOTHING`); each append updates the session summary with
 * `foldSessionSummary` in the same transaction, under the row lock of the transcript, so
 * concurrent appends from many processes lose nothing. Every mtime is the database's clock
 * (`clock_timestamp()`, integer ms), strictly increasing per transcript. Run {@link migrate} once
 * before use.
 * @alpha
 */
export class PostgresSessionStore extends PostgresStoreBase implements SessionStore {
  /** Appends `entries` in order, skipping uuids already stored, and folds them into the summary. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const t = this.tables;
    const subpath = key.subpath ?? '';
    const uuids: Array<string | null> = [];
    const jsonb: Array<string | null> = [];
    const text: Array<string | null> = [];
    for (const entry of entries) {
      const json = JSON.stringify(entry);
      // jsonb cannot hold U+0000; such an entry is kept as JSON text instead.
      const nul = json.includes('\\u0000');
      uuids.push(typeof entry.uuid === 'string' ? entry.uuid : null);
      jsonb.push(nul ? null : json);
      text.push(nul ? json : null);
    }
    await this.db.transaction('append', async (client) => {
      // The upsert locks the transcript's row until commit: appends to one transcript queue here.
      const head = await client.query(
        `INSERT INTO ${t.transcripts} AS tr (project_key, session_id, subpath, mtime, next_seq)
         VALUES ($1, $2, $3, ${NOW_MS}, $4)
         ON CONFLICT (project_key, session_id, subpath) DO UPDATE
           SET mtime = GREATEST(tr.mtime + 1, EXCLUDED.mtime), next_seq = tr.next_seq + $4
         RETURNING mtime, next_seq - $4 AS first_seq`,
        [key.projectKey, key.sessionId, subpath, entries.length],
      );
      const { mtime, first_seq } = head.rows[0] as Row;
      const inserted = await client.query(
        `INSERT INTO ${t.entries} (project_key, session_id, subpath, seq, uuid, entry, entry_text)
         SELECT $1, $2, $3, $4::bigint + x.ord - 1, x.uuid, x.entry::jsonb, x.entry_text
         FROM unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS x(uuid, entry, entry_text, ord)
         ON CONFLICT (project_key, session_id, subpath, uuid) DO NOTHING
         RETURNING seq`,
        [key.projectKey, key.sessionId, subpath, first_seq, uuids, jsonb, text],
      );
      if (key.subpath !== undefined) return;
      const first = Number(first_seq);
      const fresh = (inserted.rows as Row[]).map((row) => Number(row.seq) - first).sort((a, b) => a - b);
      const folded = fresh.map((index) => entries[index] as SessionStoreEntry);
      const prev = await client.query(
        `SELECT mtime, data FROM ${t.summaries} WHERE project_key = $1 AND session_id = $2 FOR UPDATE`,
        [key.projectKey, key.sessionId],
      );
      const prevRow = prev.rows[0] as Row | undefined;
      const previous: SessionSummaryEntry | undefined =
        prevRow === undefined
          ? undefined
          : { sessionId: key.sessionId, mtime: Number(prevRow.mtime), data: prevRow.data as Record<string, unknown> };
      const summary = foldSessionSummary(previous, key, folded, { mtime: Number(mtime) });
      await client.query(
        `INSERT INTO ${t.summaries} (project_key, session_id, mtime, data) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (project_key, session_id) DO UPDATE SET mtime = EXCLUDED.mtime, data = EXCLUDED.data`,
        [key.projectKey, key.sessionId, summary.mtime, JSON.stringify(summary.data)],
      );
    });
  }

  /** Every entry of the transcript of `key` in append order, or `null` for one never written. */
  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    const t = this.tables;
    const { rows } = await this.db.query(
      'load',
      `SELECT e.entry, e.entry_text FROM ${t.transcripts} tr
       LEFT JOIN ${t.entries} e
         ON e.project_key = tr.project_key AND e.session_id = tr.session_id AND e.subpath = tr.subpath
       WHERE tr.project_key = $1 AND tr.session_id = $2 AND tr.subpath = $3
       ORDER BY e.seq`,
      [key.projectKey, key.sessionId, key.subpath ?? ''],
    );
    if (rows.length === 0) return null;
    const entries: SessionStoreEntry[] = [];
    for (const row of rows as Row[]) {
      if (row.entry !== null) entries.push(row.entry as SessionStoreEntry);
      else if (typeof row.entry_text === 'string') entries.push(JSON.parse(row.entry_text) as SessionStoreEntry);
    }
    return entries;
  }

  /** The main transcripts of `projectKey` with their mtimes (database clock, epoch ms). */
  async listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>> {
    const { rows } = await this.db.query(
      'listSessions',
      `SELECT session_id, mtime FROM ${this.tables.transcripts} WHERE project_key = $1 AND subpath = ''`,
      [projectKey],
    );
    return (rows as Row[]).map((row) => ({ sessionId: String(row.session_id), mtime: Number(row.mtime) }));
  }

  /** The summaries of every session of `projectKey`, in one query. */
  async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    const { rows } = await this.db.query(
      'listSessionSummaries',
      `SELECT session_id, mtime, data FROM ${this.tables.summaries} WHERE project_key = $1`,
      [projectKey],
    );
    return (rows as Row[]).map((row) => ({
      sessionId: String(row.session_id),
      mtime: Number(row.mtime),
      data: row.data as Record<string, unknown>,
    }));
  }

  /** Deletes a transcript; a main transcript goes with its sub-agent transcripts and summary. */
  async delete(key: SessionKey): Promise<void> {
    const t = this.tables;
    const main = key.subpath === undefined;
    const where = main
      ? 'project_key = $1 AND session_id = $2'
      : 'project_key = $1 AND session_id = $2 AND subpath = $3';
    const values = main ? [key.projectKey, key.sessionId] : [key.projectKey, key.sessionId, key.subpath];
    await this.db.transaction('delete', async (client) => {
      await client.query(`DELETE FROM ${t.transcripts} WHERE ${where}`, values);
      await client.query(`DELETE FROM ${t.entries} WHERE ${where}`, values);
      if (main) await client.query(`DELETE FROM ${t.summaries} WHERE ${where}`, values);
    });
  }

  /** The sub-agent subpaths stored under a session. */
  async listSubkeys(key: { projectKey: string; sessionId: string }): Promise<string[]> {
    const { rows } = await this.db.query(
      'listSubkeys',
      `SELECT subpath FROM ${this.tables.transcripts} WHERE project_key = $1 AND session_id = $2 AND subpath <> ''`,
      [key.projectKey, key.sessionId],
    );
    return (rows as Row[]).map((row) => String(row.subpath));
  }

  /**
   * Retention: deletes every session (main transcript, sub-agents, summary) whose transcripts
   * were all last written before the cutoff: `days` ago by the database clock, or `before`.
   * Returns how many sessions, transcripts and entries went.
   */
  async deleteOlderThan(options: RetentionOptions): Promise<RetentionCounts> {
    const t = this.tables;
    const cutoff =
      'days' in options
        ? `floor(extract(epoch FROM clock_timestamp() - make_interval(days => $1::int)) * 1000)::bigint`
        : '$1::bigint';
    const bound = 'days' in options ? options.days : options.before.getTime();
    const project = options.projectKey === undefined ? '' : 'WHERE project_key = $2';
    const values = options.projectKey === undefined ? [bound] : [bound, options.projectKey];
    const counts = await this.db.transaction('deleteOlderThan', async (client) => {
      const { rows } = await client.query(
        `WITH old AS (
           SELECT project_key, session_id FROM ${t.transcripts} ${project}
           GROUP BY project_key, session_id HAVING max(mtime) < ${cutoff}
         ), tr AS (
           DELETE FROM ${t.transcripts} x USING old WHERE x.project_key = old.project_key AND x.session_id = old.session_id RETURNING 1
         ), e AS (
           DELETE FROM ${t.entries} x USING old WHERE x.project_key = old.project_key AND x.session_id = old.session_id RETURNING 1
         ), s AS (
           DELETE FROM ${t.summaries} x USING old WHERE x.project_key = old.project_key AND x.session_id = old.session_id RETURNING 1
         )
         SELECT (SELECT count(*) FROM old) AS sessions, (SELECT count(*) FROM tr) AS transcripts,
                (SELECT count(*) FROM e) AS entries`,
        values,
      );
      return rows[0] as Row;
    });
    return {
      sessions: Number(counts.sessions),
      transcripts: Number(counts.transcripts),
      entries: Number(counts.entries),
    };
  }
}
