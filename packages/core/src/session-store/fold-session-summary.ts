import type { SessionKey, SessionStoreEntry, SessionSummaryEntry } from '../types/session-store/session-store.js';
import { promptOfEntry } from './first-prompt.js';

/** Entry fields whose latest value wins, and the summary field each one sets. */
const LAST_WINS: ReadonlyArray<readonly [entryField: string, summaryField: string]> = [
  ['customTitle', 'customTitle'],
  ['aiTitle', 'aiTitle'],
  ['lastPrompt', 'lastPrompt'],
  ['summary', 'summaryHint'],
  ['gitBranch', 'gitBranch'],
];

/**
 * Folds a batch of appended entries into the running summary of `key`, as the official SDK does,
 * so a store keeps `listSessionSummaries()` current without re-reading transcripts. Set-once
 * fields (`isSidechain`, `createdAt`, `cwd`, `firstPrompt`) freeze on first sight; last-wins
 * fields (`customTitle`, `aiTitle`, `lastPrompt`, `summaryHint`, `gitBranch`, `tag`) follow the
 * latest entry. Pure: `prev` is not modified. The store stamps `options.mtime` at persist time
 * with the clock of its `listSessions()`; without it the previous `mtime` is kept.
 * @alpha
 */
export function foldSessionSummary(
  prev: SessionSummaryEntry | undefined,
  key: SessionKey,
  entries: SessionStoreEntry[],
  options?: { mtime?: number },
): SessionSummaryEntry {
  const mtime = options?.mtime ?? prev?.mtime ?? 0;
  const data: Record<string, unknown> = prev === undefined ? {} : { ...prev.data };
  for (const entry of entries) {
    if (data.isSidechain === undefined) data.isSidechain = entry.isSidechain === true;
    const createdAt = parseTimestamp(entry.timestamp);
    if (data.createdAt === undefined && createdAt !== undefined) data.createdAt = createdAt;
    if (data.cwd === undefined && typeof entry.cwd === 'string' && entry.cwd) data.cwd = entry.cwd;
    foldFirstPrompt(data, entry);
    for (const [from, to] of LAST_WINS) {
      const value = entry[from];
      if (typeof value === 'string') data[to] = value;
    }
    if (entry.type === 'tag') {
      if (typeof entry.tag === 'string' && entry.tag) data.tag = entry.tag;
      else delete data.tag;
    }
    if (entry.type === 'relocated' && typeof entry.relocatedCwd === 'string' && entry.relocatedCwd) {
      data.cwd = entry.relocatedCwd;
    }
  }
  return { sessionId: prev?.sessionId ?? key.sessionId, mtime, data };
}

function foldFirstPrompt(data: Record<string, unknown>, entry: SessionStoreEntry): void {
  if (data.firstPromptLocked === true) return;
  const state: { commandFallback?: string } = {};
  if (typeof data.commandFallback === 'string' && data.commandFallback) state.commandFallback = data.commandFallback;
  const prompt = promptOfEntry(entry, state);
  if (state.commandFallback && !data.commandFallback) data.commandFallback = state.commandFallback;
  if (prompt !== undefined) {
    data.firstPrompt = prompt;
    data.firstPromptLocked = true;
  }
}

function parseTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
