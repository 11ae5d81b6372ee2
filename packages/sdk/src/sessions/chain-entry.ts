/**
 * What building a conversation chain needs of one transcript entry: links, kind and tool ids,
 * never the content. A 50 MB transcript indexes into a few hundred bytes per entry; the lines of
 * the page asked for are re-read afterwards (`offset`, `length`) or kept (`entry`, for a store).
 */
export type ChainEntry = {
  uuid: string;
  parentUuid?: string | null;
  type: string;
  subtype?: string;
  isSidechain?: boolean;
  teamName?: boolean;
  isMeta?: boolean;
  attachmentType?: string;
  messageId?: string;
  toolUseIds?: string[];
  toolResultIds?: string[];
  sourceToolAssistantUUID?: string;
  agentId?: string;
  timestamp?: string;
  preservedMessages?: { anchorUuid?: string; uuids: string[] };
  preservedSegment?: { headUuid?: string; anchorUuid?: string; tailUuid?: string };
  /** The byte range of its line in the transcript file. */
  offset?: number;
  length?: number;
  /** The whole entry, when it came from a store rather than a file. */
  entry?: Record<string, unknown>;
};

const CHAIN_TYPES = new Set(['user', 'assistant', 'progress', 'system', 'attachment']);

/** The chain fields of a parsed transcript line, or `undefined` for lines that take no part. */
export function chainEntryOf(value: unknown): ChainEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Record<string, unknown>;
  if (typeof e.type !== 'string' || !CHAIN_TYPES.has(e.type) || typeof e.uuid !== 'string') return undefined;
  const entry: ChainEntry = { uuid: e.uuid, type: e.type };
  if (typeof e.parentUuid === 'string' || e.parentUuid === null) entry.parentUuid = e.parentUuid;
  if (typeof e.subtype === 'string') entry.subtype = e.subtype;
  if (e.isSidechain === true) entry.isSidechain = true;
  if (e.teamName) entry.teamName = true;
  if (e.isMeta === true) entry.isMeta = true;
  if (typeof e.timestamp === 'string') entry.timestamp = e.timestamp;
  if (typeof e.agentId === 'string') entry.agentId = e.agentId;
  if (typeof e.sourceToolAssistantUUID === 'string') entry.sourceToolAssistantUUID = e.sourceToolAssistantUUID;
  const attachment = e.attachment as { type?: unknown } | null | undefined;
  if (typeof attachment?.type === 'string') entry.attachmentType = attachment.type;
  const message = e.message as { id?: unknown; content?: unknown } | null | undefined;
  if (e.type === 'assistant' && typeof message?.id === 'string') entry.messageId = message.id;
  const toolUseIds = blockIds(message?.content, 'tool_use', 'id');
  if (toolUseIds.length > 0) entry.toolUseIds = toolUseIds;
  const toolResultIds = blockIds(message?.content, 'tool_result', 'tool_use_id');
  if (toolResultIds.length > 0) entry.toolResultIds = toolResultIds;
  const meta = e.compactMetadata as Record<string, unknown> | null | undefined;
  const preserved = meta?.preservedMessages as { anchorUuid?: unknown; uuids?: unknown } | undefined;
  if (preserved && Array.isArray(preserved.uuids)) {
    entry.preservedMessages = { uuids: preserved.uuids.filter((u): u is string => typeof u === 'string') };
    if (typeof preserved.anchorUuid === 'string') entry.preservedMessages.anchorUuid = preserved.anchorUuid;
  }
  const segment = meta?.preservedSegment as Record<string, unknown> | undefined;
  if (segment && typeof segment === 'object') {
    entry.preservedSegment = {};
    for (const key of ['headUuid', 'anchorUuid', 'tailUuid'] as const) {
      if (typeof segment[key] === 'string') entry.preservedSegment[key] = segment[key] as string;
    }
  }
  return entry;
}

function blockIds(content: unknown, type: string, field: string): string[] {
  if (!Array.isArray(content)) return [];
  const ids: string[] = [];
  for (const block of content) {
    if (typeof block !== 'object' || block === null) continue;
    const b = block as Record<string, unknown>;
    if (b.type === type && typeof b[field] === 'string') ids.push(b[field] as string);
  }
  return ids;
}
