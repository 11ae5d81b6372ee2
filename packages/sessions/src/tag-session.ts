import { randomUUID } from 'node:crypto';
import type { SessionMutationOptions } from '@hexagent/core';
import { appendToTranscript } from './append-to-transcript.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { projectKeyOf } from './projects-dir.js';
import { isSessionId } from './session-id.js';

/**
 * Tag a session, or clear its tag with `null`: appends a `tag` entry to its transcript (or to the
 * store with `sessionStore`); `listSessions` shows the latest one.
 *
 * @example
 * ```ts
 * await tagSession(sessionId, 'needs-review');
 * await tagSession(sessionId, null);
 * ```
 */
export async function tagSession(
  sessionId: string,
  tag: string | null,
  options?: SessionMutationOptions,
): Promise<void> {
  if (!isSessionId(sessionId)) throw new InvalidSessionArgumentError({ message: `Invalid sessionId: ${sessionId}` });
  let value = '';
  if (tag !== null) {
    value = tag.trim();
    if (!value) throw new InvalidSessionArgumentError({ message: 'tag must be non-empty (use null to clear)' });
  }
  if (options?.sessionStore) {
    const entry = { type: 'tag', tag: value, sessionId, uuid: randomUUID(), timestamp: new Date().toISOString() };
    await options.sessionStore.append({ projectKey: projectKeyOf(options.dir ?? '.'), sessionId }, [entry]);
    return;
  }
  await appendToTranscript(sessionId, `${JSON.stringify({ type: 'tag', tag: value, sessionId })}\n`, options?.dir);
}
