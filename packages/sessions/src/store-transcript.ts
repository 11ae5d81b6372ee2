import type { SessionStore, SessionStoreEntry } from '@hexagent/core';
import { HEAD_TAIL_BYTES, type HeadTail } from './read-head-tail.js';

/** A store transcript as JSONL text, the form the head/tail readers take. `null` when empty or never written. */
export async function loadStoreTranscriptText(
  store: SessionStore,
  projectKey: string,
  sessionId: string,
): Promise<string | null> {
  const entries = await store.load({ projectKey, sessionId });
  if (!entries || entries.length === 0) return null;
  return jsonlOf(entries);
}

/** Entries as JSONL text, one line each, newline-terminated. */
export function jsonlOf(entries: readonly SessionStoreEntry[]): string {
  return `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`;
}

/** The head and tail (64 KiB of bytes each) of JSONL text, as read from a file of that content. */
export function headTailOfText(text: string, mtime: number): HeadTail {
  const bytes = Buffer.from(text, 'utf8');
  const head = bytes.subarray(0, HEAD_TAIL_BYTES).toString('utf8');
  const tail = bytes.length > HEAD_TAIL_BYTES ? bytes.subarray(bytes.length - HEAD_TAIL_BYTES).toString('utf8') : head;
  return { head, tail, mtime, size: bytes.length };
}

/** The timestamp of the text's last line, the stand-in mtime of a session read without `listSessions`. */
export function lastTimestampOf(text: string): number {
  const trimmed = text.trimEnd();
  try {
    const last = JSON.parse(trimmed.slice(trimmed.lastIndexOf('\n') + 1)) as { timestamp?: unknown };
    if (typeof last?.timestamp === 'string') {
      const ms = Date.parse(last.timestamp);
      if (!Number.isNaN(ms)) return ms;
    }
  } catch {
    // not JSON: fall through to now
  }
  return Date.now();
}
