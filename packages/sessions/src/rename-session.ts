import { randomUUID } from 'node:crypto';
import type { SessionMutationOptions } from '@hexagent/core';
import { appendToTranscript } from './append-to-transcript.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { projectKeyOf } from './projects-dir.js';
import { isSessionId } from './session-id.js';

/**
 * Rename a session: appends a `custom-title` entry to its transcript (or to the store with
 * `sessionStore`), which `listSessions` then shows as its `summary` and `customTitle`.
 *
 * @example
 * ```ts
 * await renameSession(sessionId, 'Refactor the parser');
 * ```
 */
export async function renameSession(sessionId: string, title: string, options?: SessionMutationOptions): Promise<void> {
  if (!isSessionId(sessionId)) throw new InvalidSessionArgumentError({ message: `Invalid sessionId: ${sessionId}` });
  const customTitle = title.trim();
  if (!customTitle) throw new InvalidSessionArgumentError({ message: 'title must be non-empty' });
  if (options?.sessionStore) {
    const entry = {
      type: 'custom-title',
      customTitle,
      sessionId,
      uuid: randomUUID(),
      timestamp: new Date().toISOString(),
    };
    await options.sessionStore.append({ projectKey: projectKeyOf(options.dir ?? '.'), sessionId }, [entry]);
    return;
  }
  await appendToTranscript(
    sessionId,
    `${JSON.stringify({ type: 'custom-title', customTitle, sessionId })}\n`,
    options?.dir,
  );
}
