import type { ListSessionsOptions, SDKSessionInfo } from '@hexagent/core';
import { mapBounded } from './map-bounded.js';
import { readSessionInfo } from './read-session-info.js';
import { type SessionCandidate, sessionCandidates } from './session-candidates.js';

/** Transcripts read at once: bounds open files and memory (64 KiB from each end, twice as text) while listing. */
export const LIST_CONCURRENCY = 16;

/**
 * `listSessions` on the CLI's transcripts. Without paging every candidate is read (head and tail
 * only) and the results sorted by last modification; with `limit`/`offset`, candidates are sorted
 * by file mtime first and read in batches until the page is full, as the official SDK does.
 */
export async function listSessionsOnDisk(options: ListSessionsOptions = {}): Promise<SDKSessionInfo[]> {
  const offset = options.offset ?? 0;
  const limit = options.limit !== undefined && options.limit > 0 ? options.limit : undefined;
  const paging = limit !== undefined || offset > 0;
  const skipProgrammatic = options.includeProgrammatic === false;
  const candidates = await sessionCandidates(options.dir, options.includeWorktrees ?? true, paging);
  const read = (c: SessionCandidate) =>
    readSessionInfo(c.filePath, c.sessionId, { projectPath: c.projectPath, skipProgrammatic, skipContinued: true });
  if (!paging) {
    const latest = new Map<string, SDKSessionInfo>();
    for (const info of await mapBounded(candidates, LIST_CONCURRENCY, read)) {
      if (info === null) continue;
      const seen = latest.get(info.sessionId);
      if (seen === undefined || info.lastModified > seen.lastModified) latest.set(info.sessionId, info);
    }
    return [...latest.values()].sort((a, b) => newestFirst(a.lastModified, a.sessionId, b.lastModified, b.sessionId));
  }
  candidates.sort((a, b) => newestFirst(a.mtime, a.sessionId, b.mtime, b.sessionId));
  const page: SDKSessionInfo[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const wanted = limit ?? Number.POSITIVE_INFINITY;
  for (let start = 0; start < candidates.length && page.length < wanted; start += LIST_CONCURRENCY) {
    const batch = candidates.slice(start, start + LIST_CONCURRENCY);
    const infos = await Promise.all(batch.map(read));
    for (const [i, info] of infos.entries()) {
      if (page.length >= wanted) break;
      if (info === null || seen.has(info.sessionId)) continue;
      seen.add(info.sessionId);
      if (skipped < offset) {
        skipped++;
        continue;
      }
      const mtime = batch[i]?.mtime;
      if (mtime) info.lastModified = mtime;
      page.push(info);
    }
  }
  return page;
}

/** Newest first; ties broken by session id, descending, as the official list orders them. */
function newestFirst(aTime: number, aId: string, bTime: number, bId: string): number {
  if (aTime !== bTime) return bTime - aTime;
  return bId < aId ? -1 : bId > aId ? 1 : 0;
}
