import type { SessionStoreEntry } from '../../types/session-store/session-store.js';

/** One `transcript_mirror` message of the CLI (started with `--session-mirror`). */
export interface TranscriptMirrorFrame {
  type: 'transcript_mirror';
  /** The local transcript file the entries were just appended to. */
  filePath: string;
  /** The JSONL lines written, one object each. */
  entries: SessionStoreEntry[];
}

/**
 * The frame in `message` when it is a well-formed `transcript_mirror` message (a string
 * `filePath`, an array of objects with a string `type`), otherwise `undefined`.
 */
export function parseTranscriptMirrorFrame(message: {
  type: string;
  [key: string]: unknown;
}): TranscriptMirrorFrame | undefined {
  if (message.type !== 'transcript_mirror') return undefined;
  const { filePath, entries } = message;
  if (typeof filePath !== 'string' || !Array.isArray(entries)) return undefined;
  const valid = entries.every(
    (entry: unknown) =>
      typeof entry === 'object' && entry !== null && typeof (entry as { type?: unknown }).type === 'string',
  );
  return valid ? { type: 'transcript_mirror', filePath, entries: entries as SessionStoreEntry[] } : undefined;
}
