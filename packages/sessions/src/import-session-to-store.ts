import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ImportSessionToStoreOptions, SessionKey, SessionStore, SessionStoreEntry } from '@hexagent/core';
import { findSessionFile } from './find-session-file.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { projectKeyOf } from './projects-dir.js';
import { readJsonlLines } from './read-jsonl-lines.js';
import { isSessionId } from './session-id.js';
import { SessionNotFoundError } from './session-not-found-error.js';

/** Entries per `append()` when `batchSize` is not given. */
export const DEFAULT_IMPORT_BATCH_SIZE = 500;
/** Bytes of JSON per `append()` past which a batch is sent early, whatever its length. */
const MAX_BATCH_BYTES = 1_048_576;

/**
 * Copy a local JSONL session into a `SessionStore`: the transcript is streamed and appended in
 * batches of `batchSize` entries (at most 1 MiB each), then, unless `includeSubagents: false`,
 * every sub-agent transcript under its own `subagents/...` subpath, followed by the agent's
 * metadata as an `agent_metadata` entry. Unparsable lines are skipped. The store's project key
 * is that of `dir` (or of the current directory).
 *
 * @example
 * ```ts
 * await importSessionToStore(sessionId, store, { batchSize: 200 });
 * ```
 * @alpha
 */
export async function importSessionToStore(
  sessionId: string,
  store: SessionStore,
  options?: ImportSessionToStoreOptions,
): Promise<void> {
  if (!isSessionId(sessionId)) throw new InvalidSessionArgumentError({ message: `Invalid sessionId: ${sessionId}` });
  const file = await findSessionFile(sessionId, options?.dir);
  if (file === undefined) throw new SessionNotFoundError({ sessionId, message: `Session ${sessionId} not found` });
  const projectKey = projectKeyOf(options?.dir ?? '.');
  const batchSize =
    options?.batchSize !== undefined && options.batchSize > 0 ? options.batchSize : DEFAULT_IMPORT_BATCH_SIZE;
  await appendFile(file.filePath, { projectKey, sessionId }, store, batchSize);
  if (options?.includeSubagents === false) return;
  const base = file.filePath.replace(/\.jsonl$/, '');
  for (const path of await jsonlFilesUnder(join(base, 'subagents'))) {
    const parts = relative(base, path).split(sep);
    parts[parts.length - 1] = (parts.at(-1) ?? '').replace(/\.jsonl$/, '');
    const key: SessionKey = { projectKey, sessionId, subpath: parts.join('/') };
    await appendFile(path, key, store, batchSize);
    let meta: unknown;
    try {
      meta = JSON.parse(await readFile(path.replace(/\.jsonl$/, '.meta.json'), 'utf8'));
    } catch {
      meta = undefined;
    }
    if (typeof meta === 'object' && meta !== null) await store.append(key, [{ type: 'agent_metadata', ...meta }]);
  }
}

async function appendFile(path: string, key: SessionKey, store: SessionStore, batchSize: number): Promise<void> {
  let batch: SessionStoreEntry[] = [];
  let bytes = 0;
  for await (const line of readJsonlLines(path)) {
    try {
      batch.push(JSON.parse(line.text) as SessionStoreEntry);
    } catch {
      continue;
    }
    bytes += line.length;
    if (batch.length >= batchSize || bytes >= MAX_BATCH_BYTES) {
      await store.append(key, batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await store.append(key, batch);
}

async function jsonlFilesUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && entry.name.endsWith('.jsonl')) found.push(path);
    }
  };
  await walk(folder);
  return found;
}
