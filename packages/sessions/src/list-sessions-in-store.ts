import type { ListSessionsOptions, SDKSessionInfo, SessionStore } from '@hexagent/core';
import { canonicalDir, projectKeyOf } from './projects-dir.js';
import { sessionInfoOfHeadTail } from './session-info-of-head-tail.js';
import { sessionInfoOfSummary } from './session-info-of-summary.js';
import { pageOf } from './session-message-of-entry.js';
import { SessionStoreUnsupportedError } from './session-store-unsupported-error.js';
import { headTailOfText, loadStoreTranscriptText } from './store-transcript.js';

type Listed = { sessionId: string; mtime: number; info?: SDKSessionInfo | null };

/**
 * `listSessions` on a store, by the official rules: with `listSessionSummaries` one round trip
 * (a summary older than the store's mtime, or missing, is rebuilt by loading that session);
 * otherwise `listSessions` then a `load` per session of the page. Newest first.
 */
export async function listSessionsInStore(
  store: SessionStore,
  options: ListSessionsOptions,
): Promise<SDKSessionInfo[]> {
  const projectPath = canonicalDir(options.dir);
  const projectKey = projectKeyOf(options.dir ?? '.');
  if (store.listSessionSummaries) {
    const summaries = await store.listSessionSummaries(projectKey);
    const mtimes = store.listSessions
      ? new Map((await store.listSessions(projectKey)).map((s) => [s.sessionId, s.mtime]))
      : undefined;
    const listed: Listed[] = [];
    for (const summary of summaries) {
      const mtime = mtimes?.get(summary.sessionId);
      if (mtimes && mtime === undefined) continue;
      const stale = mtime !== undefined && summary.mtime < mtime;
      listed.push(
        stale
          ? { sessionId: summary.sessionId, mtime }
          : { sessionId: summary.sessionId, mtime: summary.mtime, info: sessionInfoOfSummary(summary, projectPath) },
      );
    }
    const summarized = new Set(summaries.map((s) => s.sessionId));
    for (const [sessionId, mtime] of mtimes ?? []) if (!summarized.has(sessionId)) listed.push({ sessionId, mtime });
    listed.sort((a, b) => b.mtime - a.mtime);
    const page = pageOf(listed, options.limit, options.offset);
    const missing = page.filter((l) => l.info === undefined);
    const loaded = new Map((await loadInfos(store, missing, projectKey, projectPath)).map((i) => [i.sessionId, i]));
    for (const l of missing) l.info = loaded.get(l.sessionId) ?? null;
    return page.flatMap((l) => (l.info ? [l.info] : []));
  }
  if (!store.listSessions) {
    throw new SessionStoreUnsupportedError({
      message:
        'sessionStore.listSessions is not implemented -- cannot list sessions. Provide a store with a listSessions() method.',
    });
  }
  const sessions = (await store.listSessions(projectKey)).slice().sort((a, b) => b.mtime - a.mtime);
  return loadInfos(store, pageOf(sessions, options.limit, options.offset), projectKey, projectPath);
}

async function loadInfos(
  store: SessionStore,
  sessions: Listed[],
  projectKey: string,
  projectPath: string,
): Promise<SDKSessionInfo[]> {
  const settled = await Promise.allSettled(
    sessions.map(async ({ sessionId, mtime }) => {
      const text = await loadStoreTranscriptText(store, projectKey, sessionId);
      if (text === null) return null;
      const info = sessionInfoOfHeadTail(sessionId, headTailOfText(text, mtime), { projectPath });
      return info ? { ...info, lastModified: mtime } : null;
    }),
  );
  return settled.flatMap((result, i) => {
    const session = sessions[i] as Listed;
    if (result.status === 'fulfilled') return result.value ? [result.value] : [];
    return [{ sessionId: session.sessionId, summary: '', lastModified: session.mtime }];
  });
}
