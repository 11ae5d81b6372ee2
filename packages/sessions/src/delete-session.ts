import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionMutationOptions } from '@hexagent/core';
import { notFound } from './append-to-transcript.js';
import { findSessionFile } from './find-session-file.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { projectKeyOf } from './projects-dir.js';
import { isSessionId } from './session-id.js';

/**
 * Delete a session: removes `<sessionId>.jsonl` and the `<sessionId>/` folder of sub-agent
 * transcripts and sidecars. Throws a `SessionNotFoundError` when there is no such session;
 * if the folder cannot be removed, throws after the transcript is gone. With `sessionStore`,
 * calls `store.delete()`, or does nothing when the store has none (append-only stores).
 *
 * @example
 * ```ts
 * await deleteSession(sessionId, { dir: process.cwd() });
 * ```
 */
export async function deleteSession(sessionId: string, options?: SessionMutationOptions): Promise<void> {
  if (!isSessionId(sessionId)) throw new InvalidSessionArgumentError({ message: `Invalid sessionId: ${sessionId}` });
  if (options?.sessionStore) {
    await options.sessionStore.delete?.({ projectKey: projectKeyOf(options.dir ?? '.'), sessionId });
    return;
  }
  const file = await findSessionFile(sessionId, options?.dir);
  if (file === undefined) throw notFound(sessionId, options?.dir);
  await rm(file.filePath, { force: true });
  await rm(join(file.projectDir, sessionId), { recursive: true, force: true, maxRetries: 2 });
}
