import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { ForkSessionOptions, ForkSessionResult, SessionStore, SessionStoreEntry } from '@hexagent/core';
import { chainEntryOf } from './chain-entry.js';
import { findSessionFile } from './find-session-file.js';
import { firstPromptOfEntries } from './first-prompt-of-entries.js';
import { type ForkExtras, forkEntry, forkTitle, forkTrailer, noteForkExtras, planFork } from './fork-plan.js';
import { indexTranscript } from './index-transcript.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { projectKeyOf } from './projects-dir.js';
import { readHeadTail } from './read-head-tail.js';
import { readJsonlLines } from './read-jsonl-lines.js';
import { isSessionId } from './session-id.js';
import { SessionNotFoundError } from './session-not-found-error.js';
import { sourceTitleOfHeadTail } from './source-title.js';
import { readTitleSidecar } from './title-sidecar.js';

/**
 * Fork a session into a new one with fresh UUIDs: the main-thread messages are copied (all, or
 * up to `upToMessageId` inclusive) with every uuid remapped and the `parentUuid` chain kept, and
 * the fork is titled `title` or the source's title + " (fork)". File-history snapshots are not
 * copied. The transcript is streamed, not read whole. Resume the fork with
 * `query({ options: { resume: sessionId } })`.
 *
 * @example
 * ```ts
 * const { sessionId } = await forkSession(source, { upToMessageId: messages[3].uuid });
 * ```
 */
export async function forkSession(sessionId: string, options: ForkSessionOptions = {}): Promise<ForkSessionResult> {
  if (!isSessionId(sessionId)) throw new InvalidSessionArgumentError({ message: `Invalid sessionId: ${sessionId}` });
  if (options.sessionStore) return forkInStore(options.sessionStore, sessionId, options);
  const file = await findSessionFile(sessionId, options.dir);
  if (file === undefined) {
    throw new SessionNotFoundError({
      sessionId,
      message: options.dir
        ? `Session ${sessionId} not found in project directory for ${options.dir}`
        : `Session ${sessionId} not found`,
    });
  }
  const plan = planFork((await indexTranscript(file.filePath)).entries, sessionId, options.upToMessageId);
  const text = await readHeadTail(file.filePath);
  const sidecar = await readTitleSidecar(file.filePath, sessionId);
  const title = forkTitle(options.title, text ? sourceTitleOfHeadTail(text, sidecar) : sidecar);
  const extras: ForkExtras = { contentReplacements: [] };
  const out = createWriteStream(join(file.projectDir, `${plan.sessionId}.jsonl`), { mode: 0o600 });
  try {
    let position = 0;
    for await (const line of readJsonlLines(file.filePath)) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line.text) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (typeof entry !== 'object' || entry === null) continue;
      const chained = chainEntryOf(entry);
      if (chained === undefined) {
        noteForkExtras(entry, sessionId, extras);
        continue;
      }
      if (chained.isSidechain) continue;
      const forked = forkEntry(plan, entry, position++);
      if (forked !== undefined && !out.write(`${JSON.stringify(forked)}\n`)) await once(out, 'drain');
    }
    for (const entry of forkTrailer(plan, { ...extras, title })) out.write(`${JSON.stringify(entry)}\n`);
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { sessionId: plan.sessionId };
}

async function forkInStore(
  store: SessionStore,
  sessionId: string,
  options: ForkSessionOptions,
): Promise<ForkSessionResult> {
  const projectKey = projectKeyOf(options.dir ?? '.');
  const entries = await store.load({ projectKey, sessionId });
  if (!entries || entries.length === 0)
    throw new SessionNotFoundError({ sessionId, message: `Session ${sessionId} not found` });
  const index = entries.flatMap((entry) => chainEntryOf(entry) ?? []);
  const plan = planFork(index, sessionId, options.upToMessageId);
  const extras: ForkExtras = { contentReplacements: [] };
  const forked: SessionStoreEntry[] = [];
  let position = 0;
  for (const entry of entries) {
    const chained = chainEntryOf(entry);
    if (chained === undefined) noteForkExtras(entry, sessionId, extras);
    else if (!chained.isSidechain) {
      const copy = forkEntry(plan, entry, position++);
      if (copy !== undefined) forked.push(copy as SessionStoreEntry);
    }
  }
  const title = forkTitle(options.title, sourceTitleOfEntries(entries));
  forked.push(...(forkTrailer(plan, { ...extras, title }) as SessionStoreEntry[]));
  await store.append({ projectKey, sessionId: plan.sessionId }, forked);
  return { sessionId: plan.sessionId };
}

function sourceTitleOfEntries(entries: readonly SessionStoreEntry[]): string | undefined {
  let custom: string | undefined;
  let ai: string | undefined;
  for (const e of entries) {
    if (typeof e.customTitle === 'string' && e.customTitle) custom = e.customTitle;
    if (typeof e.aiTitle === 'string' && e.aiTitle) ai = e.aiTitle;
  }
  return custom || ai || firstPromptOfEntries(entries) || undefined;
}
