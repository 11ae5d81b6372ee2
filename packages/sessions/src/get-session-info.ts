import type { GetSessionInfoOptions, SDKSessionInfo } from '@hexagent/core';
import { findSessionFile } from './find-session-file.js';
import { projectKeyOf } from './projects-dir.js';
import { readSessionInfo } from './read-session-info.js';
import { isSessionId } from './session-id.js';
import { sessionInfoOfHeadTail } from './session-info-of-head-tail.js';
import { headTailOfText, lastTimestampOf, loadStoreTranscriptText } from './store-transcript.js';

/**
 * Metadata of one session, reading only its own transcript (head and tail). `undefined` when the
 * session is not found, is a sidechain, or has nothing to title it by.
 *
 * @example
 * ```ts
 * const info = await getSessionInfo(sessionId, { dir: process.cwd() });
 * console.log(info?.summary);
 * ```
 */
export async function getSessionInfo(
  sessionId: string,
  options?: GetSessionInfoOptions,
): Promise<SDKSessionInfo | undefined> {
  if (!isSessionId(sessionId)) return undefined;
  if (options?.sessionStore) {
    const text = await loadStoreTranscriptText(options.sessionStore, projectKeyOf(options.dir ?? '.'), sessionId);
    if (text === null) return undefined;
    return sessionInfoOfHeadTail(sessionId, headTailOfText(text, lastTimestampOf(text))) ?? undefined;
  }
  const file = await findSessionFile(sessionId, options?.dir);
  if (file === undefined) return undefined;
  return (await readSessionInfo(file.filePath, sessionId, { projectPath: file.projectPath })) ?? undefined;
}
