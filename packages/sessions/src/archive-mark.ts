import { mkdir, open, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The archive mark the CLI keeps beside a transcript: archived or not, and since when (epoch ms). */
export type ArchiveMark = { archived: boolean; atMs: number };

/** Largest archive mark read; a bigger file is not one. */
const MAX_MARK_BYTES = 4096;

/** `<project dir>/<session id>/archived.json`, next to `<session id>.jsonl`. */
export function archiveMarkPath(transcriptPath: string, sessionId: string): string {
  return join(dirname(transcriptPath), sessionId, 'archived.json');
}

/** The archive mark of a transcript, or `undefined` when it has none (or an unreadable one). */
export async function readArchiveMark(transcriptPath: string, sessionId: string): Promise<ArchiveMark | undefined> {
  try {
    const handle = await open(archiveMarkPath(transcriptPath, sessionId), 'r');
    let text: string;
    try {
      const buffer = Buffer.alloc(MAX_MARK_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_MARK_BYTES) return undefined;
      text = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
    const mark = JSON.parse(text) as { archived?: unknown; at?: unknown };
    if (typeof mark.archived !== 'boolean' || typeof mark.at !== 'string') return undefined;
    const atMs = Date.parse(mark.at);
    return Number.isNaN(atMs) ? undefined : { archived: mark.archived, atMs };
  } catch {
    return undefined;
  }
}

/** Writes the archive mark of a transcript, as the CLI does (`by: "sdk"`, owner-only file). */
export async function writeArchiveMark(transcriptPath: string, sessionId: string, archived: boolean): Promise<void> {
  const path = archiveMarkPath(transcriptPath, sessionId);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const mark = JSON.stringify({ archived, at: new Date().toISOString(), by: 'sdk' });
  await writeFile(path, mark, { mode: 0o600 });
}
