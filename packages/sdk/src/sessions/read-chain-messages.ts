import type { SessionMessage } from '@hexagent/core';
import type { ChainEntry } from './chain-entry.js';
import { readLinesAt } from './read-jsonl-lines.js';
import { sessionMessageOfEntry } from './session-message-of-entry.js';

/**
 * The messages of `page` (chain entries of one transcript): each line is re-read from `path` by
 * its offset, or taken from `entry` when the chain came from a store.
 */
export async function readChainMessages(
  path: string | undefined,
  page: ChainEntry[],
  parentToolUseId: string | null = null,
  parentAgentId: string | null = null,
): Promise<SessionMessage[]> {
  const onDisk = page.filter((e) => e.entry === undefined && e.offset !== undefined);
  const texts =
    path === undefined || onDisk.length === 0
      ? []
      : await readLinesAt(path, onDisk as Array<{ offset: number; length: number }>);
  const loaded = new Map<ChainEntry, Record<string, unknown>>();
  onDisk.forEach((e, i) => {
    try {
      loaded.set(e, JSON.parse(texts[i] ?? '') as Record<string, unknown>);
    } catch {
      // the file changed under us; the entry is left out
    }
  });
  const messages: SessionMessage[] = [];
  for (const e of page) {
    const entry = e.entry ?? loaded.get(e);
    if (entry !== undefined) messages.push(sessionMessageOfEntry(entry, parentToolUseId, parentAgentId));
  }
  return messages;
}
