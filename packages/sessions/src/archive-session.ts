import type { SessionMutationOptions } from '@hexagent/core';
import { notFound } from './append-to-transcript.js';
import { writeArchiveMark } from './archive-mark.js';
import { sessionFiles } from './find-session-file.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { isSessionId } from './session-id.js';
import { SessionStoreUnsupportedError } from './session-store-unsupported-error.js';

/**
 * Archive a session. It stays on disk, and `listSessions` still returns it, with
 * `archived: true`; a prompt sent in it later unarchives it. Throws when the session is not
 * found, or with `sessionStore` (the mark is a file beside the local transcript).
 *
 * @example
 * ```ts
 * await archiveSession(sessionId);
 * ```
 */
export async function archiveSession(sessionId: string, options?: SessionMutationOptions): Promise<void> {
  await setArchived(sessionId, true, options);
}

/**
 * Unarchive a session, so that `listSessions` returns it with `archived: false`. Throws when the
 * session is not found, or with `sessionStore` (see {@link archiveSession}).
 */
export async function unarchiveSession(sessionId: string, options?: SessionMutationOptions): Promise<void> {
  await setArchived(sessionId, false, options);
}

async function setArchived(
  sessionId: string,
  archived: boolean,
  options: SessionMutationOptions | undefined,
): Promise<void> {
  if (options?.sessionStore) {
    throw new SessionStoreUnsupportedError({
      message:
        'Archiving is not supported with sessionStore: a SessionStore holds transcript entries, and the archived mark is not one',
    });
  }
  if (!isSessionId(sessionId)) throw new InvalidSessionArgumentError({ message: `Invalid sessionId: ${sessionId}` });
  const files = new Set<string>();
  for await (const file of sessionFiles(sessionId, options?.dir)) files.add(file.filePath);
  if (files.size === 0) throw notFound(sessionId, options?.dir);
  await Promise.all([...files].map((path) => writeArchiveMark(path, sessionId, archived)));
}
