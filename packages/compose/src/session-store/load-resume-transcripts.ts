import { posix } from 'node:path';
import type { ResumeTranscriptFile, ResumeTranscripts, SessionStore, SessionStoreEntry } from '@hexagent/core';
import { withLoadTimeout } from './with-load-timeout.js';

/** What {@link loadResumeTranscripts} loads and where from. */
export interface LoadResumeTranscriptsOptions {
  store: SessionStore;
  sessionId: string;
  projectKey: string;
  /** Bound on each `load()` / `listSubkeys()` call. */
  loadTimeoutMs: number;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Loads a session from `store` as the transcripts a CLI resumes it from, as data (nothing is
 * written: the transport takes them where its CLI runs): by their paths under the CLI's `projects`
 * directory, `<projectKey>/<sessionId>.jsonl`, then each sub-agent transcript `listSubkeys` names
 * (`<projectKey>/<sessionId>/<subpath>.jsonl`, its `agent_metadata` entry as
 * `<subpath>.meta.json`), sorted. A subpath that would leave the session's directory is skipped.
 * Resolves with `undefined` when the id is not a UUID or the store has no entries for it (the CLI
 * then resumes, or refuses, from its own config dir).
 *
 * @throws SessionStoreLoadError when a store call rejects or outlives `loadTimeoutMs`.
 */
export async function loadResumeTranscripts(
  options: LoadResumeTranscriptsOptions,
): Promise<ResumeTranscripts | undefined> {
  const { store, sessionId, projectKey, loadTimeoutMs } = options;
  if (!UUID_PATTERN.test(sessionId)) return undefined;
  const main = await withLoadTimeout(() => store.load({ projectKey, sessionId }), {
    operation: 'load',
    timeoutMs: loadTimeoutMs,
    sessionId,
  });
  if (main === null || main.length === 0) return undefined;
  const files: ResumeTranscriptFile[] = [{ path: `${projectKey}/${sessionId}.jsonl`, content: jsonl(main) }];
  if (store.listSubkeys !== undefined) files.push(...(await loadSubagents(options)));
  // The main transcript before its sub-agents.
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files };
}

async function loadSubagents(options: LoadResumeTranscriptsOptions): Promise<ResumeTranscriptFile[]> {
  const { store, sessionId, projectKey, loadTimeoutMs } = options;
  const subpaths = await withLoadTimeout(() => store.listSubkeys?.({ projectKey, sessionId }) ?? Promise.resolve([]), {
    operation: 'listSubkeys',
    timeoutMs: loadTimeoutMs,
    sessionId,
  });
  const sessionDir = `${projectKey}/${sessionId}`;
  const files: ResumeTranscriptFile[] = [];
  for (const subpath of subpaths) {
    const parts = subpath.split(/[\\/]/);
    const path = posix.join(sessionDir, ...parts);
    // A store's subpath never leaves the session's directory.
    if (subpath === '' || posix.isAbsolute(subpath) || parts.includes('..') || !path.startsWith(`${sessionDir}/`)) {
      continue;
    }
    const entries = await withLoadTimeout(() => store.load({ projectKey, sessionId, subpath }), {
      operation: 'load',
      timeoutMs: loadTimeoutMs,
      sessionId,
      detail: ` subpath ${subpath}`,
    });
    if (entries === null || entries.length === 0) continue;
    const lines = entries.filter((entry) => entry.type !== 'agent_metadata');
    if (lines.length > 0) files.push({ path: `${path}.jsonl`, content: jsonl(lines) });
    const last = entries.filter((entry) => entry.type === 'agent_metadata').at(-1);
    if (last !== undefined) {
      const { type: _type, ...rest } = last;
      files.push({ path: `${path}.meta.json`, content: JSON.stringify(rest) });
    }
  }
  return files;
}

function jsonl(entries: SessionStoreEntry[]): string {
  return `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`;
}
