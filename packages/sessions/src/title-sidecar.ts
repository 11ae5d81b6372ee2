import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Longest title kept from the sidecar, in code points. */
const MAX_TITLE = 200;

/**
 * The title in `<project dir>/<session id>/custom-title.json`, where the CLI keeps a title set
 * before the transcript existed; control characters removed, at most 200 code points.
 */
export async function readTitleSidecar(transcriptPath: string, sessionId: string): Promise<string | undefined> {
  try {
    const text = await readFile(join(dirname(transcriptPath), sessionId, 'custom-title.json'), 'utf8');
    const title = (JSON.parse(text) as { customTitle?: unknown }).customTitle;
    if (typeof title !== 'string') return undefined;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips
    const clean = [...title.trim().replace(/[\x00-\x1f\x7f-\x9f]/g, '')].slice(0, MAX_TITLE).join('').trim();
    return clean || undefined;
  } catch {
    return undefined;
  }
}
