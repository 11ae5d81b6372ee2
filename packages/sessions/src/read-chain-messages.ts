import type { SessionMessage } from '@hexagent/core';
import type { ChainEntry } from './chain-entry.js';
import { readLinesAt } from './read-jsonl-lines.js';
import { sessionMessageOfEntry } from './session-message-of-entry.js';

/** A `queued_command` attachment entry as the user message it stands for. */
function queuedCommandAsUser(entry: Record<string, unknown>, uuid: string): Record<string, unknown> {
  const attachment = entry.attachment as Record<string, unknown>;
  const user: Record<string, unknown> = {
    type: 'user',
    uuid,
    parentUuid: entry.parentUuid,
    sessionId: entry.sessionId,
    timestamp: entry.timestamp,
    message: { role: 'user', content: attachment.prompt },
    isMeta: Boolean(attachment.isMeta),
    isQueuedCommand: true,
  };
  const origin =
    attachment.origin ?? (attachment.commandMode === 'task-notification' ? { kind: 'task-notification' } : undefined);
  if (origin !== undefined) user.origin = origin;
  return user;
}

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
    const raw = e.entry ?? loaded.get(e);
    const entry = raw !== undefined && e.fromQueuedCommand ? queuedCommandAsUser(raw, e.uuid) : raw;
    if (entry !== undefined) messages.push(sessionMessageOfEntry(entry, parentToolUseId, parentAgentId));
  }
  return messages;
}
