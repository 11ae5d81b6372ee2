import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promptOfEntry, type SessionStoreEntry } from '@hexagent/core';
import { HEAD_TAIL_BYTES, readHeadTail } from './read-head-tail.js';
import { isSessionId } from './session-id.js';

const CONTINUED_IN = '"type":"continued-in"';
const PARENT_UUID = '"parentUuid":';
/** How far into a continuation transcript to look for a message before taking it as real. */
const MAX_SCAN_BYTES = 16 * 1024 * 1024;

/**
 * True when the session ends by moving to another session (a `continued-in` entry after its last
 * exchange) and that session's transcript holds messages: the list shows the continuation instead.
 */
export async function continuedElsewhere(transcriptPath: string, tail: string): Promise<boolean> {
  const target = continuationOf(tail);
  if (target === undefined) return false;
  const path = join(dirname(transcriptPath), `${target}.jsonl`);
  const text = await readHeadTail(path);
  if (text === null) return false;
  if (text.head.includes(PARENT_UUID) || text.tail.includes(PARENT_UUID)) return true;
  if (text.size <= HEAD_TAIL_BYTES) return false;
  return holdsMessages(path);
}

/** The session the tail says this one continued in, unless an exchange came after that. */
function continuationOf(tail: string): string | undefined {
  if (!tail.includes(CONTINUED_IN)) return undefined;
  for (let end = tail.length; end > 0; ) {
    const start = tail.lastIndexOf('\n', end - 1);
    const line = tail.slice(start + 1, end);
    end = start;
    const marker = line.includes(CONTINUED_IN);
    if (marker || line.includes('"type":"user"') || line.includes('"type":"assistant"')) {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (marker && entry.type === 'continued-in') {
          return isSessionId(entry.continuedInSessionId) ? entry.continuedInSessionId : undefined;
        }
        if (isExchange(entry)) return undefined;
      } catch {
        // a cut line
      }
    }
    if (start < 0) break;
  }
  return undefined;
}

function isExchange(entry: Record<string, unknown>): boolean {
  if (entry.type === 'assistant') {
    const message = entry.message as { stop_reason?: unknown } | undefined;
    return entry.isApiErrorMessage !== true && typeof message?.stop_reason === 'string';
  }
  return promptOfEntry(entry as SessionStoreEntry, {}) !== undefined;
}

async function holdsMessages(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024 + PARENT_UUID.length);
    let kept = 0;
    for (let position = 0; position < MAX_SCAN_BYTES; ) {
      const { bytesRead } = await handle.read(chunk, kept, 1024 * 1024, position);
      if (bytesRead === 0) return false;
      const end = kept + bytesRead;
      if (chunk.subarray(0, end).includes(PARENT_UUID)) return true;
      kept = Math.min(PARENT_UUID.length, end);
      chunk.copyWithin(0, end - kept, end);
      position += bytesRead;
    }
    return true;
  } finally {
    await handle.close();
  }
}
