import type { Clock } from '../ports/clock.js';
import type {
  SessionKey,
  SessionStore,
  SessionStoreEntry,
  SessionSummaryEntry,
} from '../types/session-store/session-store.js';
import { systemClock } from '../util/system-clock.js';
import { foldSessionSummary } from './fold-session-summary.js';

/** One transcript: its entries and when it was last appended to. */
type Transcript = { entries: SessionStoreEntry[]; mtime: number };

/** A session's main transcript (absent until written), sub-agent transcripts and summary. */
type StoredSession = { main?: Transcript; subs: Map<string, Transcript>; summary?: SessionSummaryEntry };

/**
 * A `SessionStore` in memory, for tests and development: everything is lost with the process.
 * It implements every optional method, keeps summaries with {@link foldSessionSummary}, and
 * stamps strictly increasing modification times, so listing order is stable even within one
 * millisecond. Entries are kept as JSON copies, so later changes to the caller's objects do not
 * leak in, as with a real database. Any string is a valid project key, `/` included.
 * @alpha
 */
export class InMemorySessionStore implements SessionStore {
  readonly #projects = new Map<string, Map<string, StoredSession>>();
  readonly #clock: Clock;
  #lastMtime = 0;

  /** @param options.clock where modification times are read; default `systemClock` (a hexagent extension). */
  constructor(options: { clock?: Clock } = {}) {
    this.#clock = options.clock ?? systemClock;
  }

  /** Appends `entries` to the transcript of `key`, in order, and updates its summary. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    const session = this.#session(key, true);
    const mtime = Math.max(this.#clock.now(), this.#lastMtime + 1);
    this.#lastMtime = mtime;
    let transcript = key.subpath === undefined ? session.main : session.subs.get(key.subpath);
    if (transcript === undefined) {
      transcript = { entries: [], mtime };
      if (key.subpath === undefined) session.main = transcript;
      else session.subs.set(key.subpath, transcript);
    }
    for (const entry of entries) transcript.entries.push(jsonCopy(entry));
    transcript.mtime = mtime;
    if (key.subpath === undefined) session.summary = foldSessionSummary(session.summary, key, entries, { mtime });
  }

  /** Every entry of the transcript of `key`, or `null` for one never written. */
  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    return this.#transcript(key)?.entries.map(jsonCopy) ?? null;
  }

  /** The main transcripts of `projectKey` and when each was last appended to. */
  async listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>> {
    const sessions: Array<{ sessionId: string; mtime: number }> = [];
    for (const [sessionId, session] of this.#projects.get(projectKey) ?? []) {
      if (session.main !== undefined) sessions.push({ sessionId, mtime: session.main.mtime });
    }
    return sessions;
  }

  /** The summaries of every session of `projectKey`. */
  async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    const summaries: SessionSummaryEntry[] = [];
    for (const session of this.#projects.get(projectKey)?.values() ?? []) {
      if (session.summary !== undefined) summaries.push(session.summary);
    }
    return summaries;
  }

  /** Deletes a transcript; deleting a main transcript also deletes its sub-agent transcripts. */
  async delete(key: SessionKey): Promise<void> {
    const project = this.#projects.get(key.projectKey);
    const session = project?.get(key.sessionId);
    if (project === undefined || session === undefined) return;
    if (key.subpath === undefined) project.delete(key.sessionId);
    else session.subs.delete(key.subpath);
  }

  /** The sub-agent subpaths stored under a session. */
  async listSubkeys(key: { projectKey: string; sessionId: string }): Promise<string[]> {
    return [...(this.#session(key, false)?.subs.keys() ?? [])];
  }

  /** Test helper: the entries of `key` (empty when none), without copying. */
  getEntries(key: SessionKey): SessionStoreEntry[] {
    return this.#transcript(key)?.entries ?? [];
  }

  /** Test helper: how many main transcripts the store holds. */
  get size(): number {
    let count = 0;
    for (const project of this.#projects.values()) {
      for (const session of project.values()) if (session.main !== undefined) count++;
    }
    return count;
  }

  /** Test helper: forgets everything. */
  clear(): void {
    this.#projects.clear();
  }

  #session(key: { projectKey: string; sessionId: string }, create: true): StoredSession;
  #session(key: { projectKey: string; sessionId: string }, create: false): StoredSession | undefined;
  #session(key: { projectKey: string; sessionId: string }, create: boolean): StoredSession | undefined {
    let project = this.#projects.get(key.projectKey);
    if (project === undefined) {
      if (!create) return undefined;
      project = new Map();
      this.#projects.set(key.projectKey, project);
    }
    let session = project.get(key.sessionId);
    if (session === undefined && create) {
      session = { subs: new Map() };
      project.set(key.sessionId, session);
    }
    return session;
  }

  #transcript(key: SessionKey): Transcript | undefined {
    const session = this.#session(key, false);
    return key.subpath === undefined ? session?.main : session?.subs.get(key.subpath);
  }
}

function jsonCopy(entry: SessionStoreEntry): SessionStoreEntry {
  return JSON.parse(JSON.stringify(entry)) as SessionStoreEntry;
}
