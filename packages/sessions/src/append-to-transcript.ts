import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { sessionFiles } from './find-session-file.js';
import { SessionNotFoundError } from './session-not-found-error.js';

/**
 * Appends `line` (newline-terminated JSON) to the session's transcript, the first non-empty one
 * found as {@link sessionFiles} searches. Throws {@link SessionNotFoundError} when there is none.
 */
export async function appendToTranscript(sessionId: string, line: string, dir: string | undefined): Promise<void> {
  for await (const file of sessionFiles(sessionId, dir)) {
    if (await appendIfNonEmpty(file.filePath, line)) return;
  }
  throw notFound(sessionId, dir);
}

/** The official "not found" error for a session looked for in `dir` (or everywhere). */
export function notFound(sessionId: string, dir: string | undefined): SessionNotFoundError {
  return new SessionNotFoundError({
    sessionId,
    message: dir
      ? `Session ${sessionId} not found in project directory for ${dir}`
      : `Session ${sessionId} not found in any project directory`,
  });
}

async function appendIfNonEmpty(path: string, line: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
  try {
    if ((await handle.stat()).size === 0) return false;
    await handle.write(line);
    return true;
  } finally {
    await handle.close();
  }
}
