import type { SessionMessage } from '@hexagent/core';
import type { ChainEntry } from './chain-entry.js';
import { showsMeta } from './queued-commands.js';

/** A chain entry the reader shows: user and assistant messages (system ones on request), main thread only. */
export function isShownEntry(entry: ChainEntry, includeSystemMessages: boolean): boolean {
  if (entry.type !== 'user' && entry.type !== 'assistant' && !(entry.type === 'system' && includeSystemMessages)) {
    return false;
  }
  if (entry.isMeta && !showsMeta(entry.originKind)) return false;
  return !entry.isSidechain && !entry.teamName;
}

/**
 * A transcript entry as `getSessionMessages` returns it: the official fields, plus the
 * `timestamp` and the markers (`is_meta`, `isCompactSummary`, ...) the official reader adds.
 */
export function sessionMessageOfEntry(
  entry: Record<string, unknown>,
  parentToolUseId: string | null = null,
  parentAgentId: string | null = null,
): SessionMessage {
  const message: SessionMessage & Record<string, unknown> = {
    type: entry.type as SessionMessage['type'],
    uuid: entry.uuid as string,
    session_id: entry.sessionId as string,
    message: entry.message,
    parent_tool_use_id: parentToolUseId,
    parent_agent_id: parentAgentId,
  };
  if (entry.interruptedByShutdown === true) message.interruptedByShutdown = true;
  if (entry.isCompactSummary === true) message.isCompactSummary = true;
  if (entry.isMeta === true || entry.isCompactSummary === true || entry.isVisibleInTranscriptOnly === true) {
    message.is_meta = true;
  }
  if (entry.isQueuedCommand === true) message.isQueuedCommand = true;
  message.timestamp = entry.timestamp;
  if (entry.origin !== undefined && entry.origin !== null) message.origin = entry.origin;
  return message;
}

/** `items[offset, offset + limit)`; a missing or non-positive limit means to the end. */
export function pageOf<T>(items: T[], limit: number | undefined, offset: number | undefined): T[] {
  const from = offset ?? 0;
  if (limit !== undefined && limit > 0) return items.slice(from, from + limit);
  return from > 0 ? items.slice(from) : items;
}
