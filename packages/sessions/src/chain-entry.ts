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
  isCompactSummary?: boolean;
  /** A user entry that is a notice the CLI wrote (an interruption, a skipped call), which counts as a reply. */
  isNotice?: boolean;
  /** `origin.kind`, which lets some meta entries through. */
  originKind?: string;
  attachmentType?: string;
  /** For a `queued_command` attachment: what decides whether it reads as the user's message. */
  queued?: QueuedCommandFacts;
  /** Set when a queued command is read as a user message: build it from the attachment. */
  fromQueuedCommand?: boolean;
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

/** The facts of a `queued_command` attachment the reader needs before reading its content. */
export type QueuedCommandFacts = {
  sourceUuid?: string;
  deliveryId?: string;
  isMeta: boolean;
  /** Forwarded from another session (a `forwardedIntent` with a lineage): never shown as typed. */
  forwarded: boolean;
  originKind?: string;
  hasPrompt: boolean;
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
  if (e.isCompactSummary === true) entry.isCompactSummary = true;
  const originKind = (e.origin as { kind?: unknown } | null | undefined)?.kind;
  if (typeof originKind === 'string') entry.originKind = originKind;
  if (e.type === 'user' && isNotice((e.message as { content?: unknown } | undefined)?.content)) entry.isNotice = true;
  if (typeof e.timestamp === 'string') entry.timestamp = e.timestamp;
  if (typeof e.agentId === 'string') entry.agentId = e.agentId;
  if (typeof e.sourceToolAssistantUUID === 'string') entry.sourceToolAssistantUUID = e.sourceToolAssistantUUID;
  const attachment = e.attachment as { type?: unknown } | null | undefined;
  if (typeof attachment?.type === 'string') entry.attachmentType = attachment.type;
  if (attachment?.type === 'queued_command') entry.queued = queuedFacts(attachment as Record<string, unknown>);
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

function queuedFacts(a: Record<string, unknown>): QueuedCommandFacts {
  const facts: QueuedCommandFacts = {
    isMeta: Boolean(a.isMeta),
    forwarded:
      typeof (a.forwardedIntent as { lineage?: unknown } | null | undefined)?.lineage === 'string' &&
      (a.forwardedIntent as { lineage: string }).lineage.length > 0,
    hasPrompt: typeof a.prompt === 'string' || Array.isArray(a.prompt),
  };
  if (typeof a.source_uuid === 'string' && a.source_uuid) facts.sourceUuid = a.source_uuid;
  if (typeof a.delivery_id === 'string' && a.delivery_id) facts.deliveryId = a.delivery_id;
  const kind = (a.origin as { kind?: unknown } | null | undefined)?.kind;
  if (typeof kind === 'string') facts.originKind = kind;
  return facts;
}

/** Notices the CLI writes as user content in place of a reply (interruptions, calls that did not run). */
const NOTICES = [
  '[Request interrupted by user]',
  '[Request interrupted: the session ended before this agent finished. Nobody asked it to stop.]',
  '[This turn ended before it finished.]',
  '[Agent call interrupted: the process running this conversation stopped before this agent finished, so it returned no result. Nobody asked it to stop.]',
  '[Request interrupted by user for tool use]',
  '[Tool call did not complete: the turn was ended to deliver the message that follows. Nothing refused it; re-run it if still needed.]',
  "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. Check whether it took effect before relying on it or running it again.]",
  "[Tool call result not in this copy: this session was copied from another session before that session recorded this call's result. The call may have finished there, may still be running there, or may never have run. Check whether it took effect before relying on it or running it again.]",
  "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell you how to proceed.",
  '[Tool call skipped: the turn was stopped before this call ran, by the check whose denial is on another call in this batch. Nothing refused this call and it had no effects; re-run it if still needed.]',
  '[Tool call skipped: the turn ended to deliver the message that follows before this call ran. Nothing refused it; re-run it if still needed.]',
];

function isNotice(content: unknown): boolean {
  if (typeof content === 'string') return NOTICES.some((n) => content.startsWith(n));
  if (!Array.isArray(content) || content.length === 0) return false;
  return content.every((block) => {
    const b = block as { type?: unknown; text?: unknown; is_error?: unknown; content?: unknown } | null;
    const text = b?.type === 'text' ? b.text : b?.type === 'tool_result' && b.is_error === true ? b.content : undefined;
    return typeof text === 'string' && NOTICES.some((n) => text.startsWith(n));
  });
}
