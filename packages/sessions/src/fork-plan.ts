import { randomUUID } from 'node:crypto';
import type { ChainEntry } from './chain-entry.js';
import { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
import { SessionNotFoundError } from './session-not-found-error.js';

/** Which entries a fork copies and the fresh ids it gives them; built from the content-free index. */
export type ForkPlan = {
  sourceSessionId: string;
  sessionId: string;
  /** The uuids copied (the main thread up to the cut), each with its new uuid. */
  newUuid: Map<string, string>;
  /** The links and kinds of the copied entries, to skip `progress` ancestors when relinking. */
  byUuid: Map<string, ChainEntry>;
  /** The uuid of the last copied entry, which is stamped with the fork's time. */
  lastUuid: string;
  now: string;
  /** Position (among main-thread entries) of the last entry copied. */
  lastIndex: number;
};

/**
 * Plans a fork of `index` (the source transcript's chain entries in file order): the main-thread
 * entries, all of them or up to `upToMessageId` (inclusive), each with a new uuid.
 */
export function planFork(index: readonly ChainEntry[], sourceSessionId: string, upToMessageId?: string): ForkPlan {
  let main = index.filter((e) => !e.isSidechain);
  if (main.length === 0) throw noMessages(sourceSessionId);
  if (upToMessageId) {
    const cut = main.findIndex((e) => e.uuid === upToMessageId);
    if (cut === -1) {
      throw new SessionNotFoundError({
        sessionId: sourceSessionId,
        message: `Message ${upToMessageId} not found in session ${sourceSessionId}`,
      });
    }
    main = main.slice(0, cut + 1);
  }
  const newUuid = new Map<string, string>();
  for (const e of main) newUuid.set(e.uuid, randomUUID());
  const copied = main.filter((e) => e.type !== 'progress');
  const last = copied.at(-1);
  if (last === undefined) throw noMessages(sourceSessionId);
  return {
    sourceSessionId,
    sessionId: randomUUID(),
    newUuid,
    byUuid: new Map(main.map((e) => [e.uuid, e])),
    lastUuid: last.uuid,
    now: new Date().toISOString(),
    lastIndex: main.length - 1,
  };
}

/** Fields a forked entry must not carry over (it is a main-thread entry of a new session). */
const CLEARED = [
  'teamName',
  'agentName',
  'sessionKind',
  'slug',
  'sourceToolAssistantUUID',
  'summarizedTurnPromptUuids',
  'droppedPromptUuids',
  'sentAsUuid',
  'rowsAheadOfPutBack',
  'turnAttributionKey',
] as const;

/** The copy of one source entry in the fork, or `undefined` when the fork leaves it out. */
export function forkEntry(
  plan: ForkPlan,
  entry: Record<string, unknown>,
  copyIndex: number,
): Record<string, unknown> | undefined {
  const uuid = entry.uuid;
  if (typeof uuid !== 'string' || entry.type === 'progress' || entry.isSidechain === true) return undefined;
  if (copyIndex > plan.lastIndex || !plan.newUuid.has(uuid)) return undefined;
  const forked: Record<string, unknown> = { ...entry };
  for (const field of CLEARED) delete forked[field];
  if (entry.type === 'system' && entry.subtype === 'model_refusal_fallback') forked.neutralizedByFork = true;
  forked.uuid = plan.newUuid.get(uuid);
  forked.parentUuid = forkedParent(plan, entry.parentUuid);
  const logical = entry.logicalParentUuid;
  if (typeof logical === 'string') forked.logicalParentUuid = plan.newUuid.get(logical) ?? null;
  forked.sessionId = plan.sessionId;
  forked.timestamp = uuid === plan.lastUuid ? plan.now : entry.timestamp;
  forked.isSidechain = false;
  if (entry.type === 'assistant') {
    const from = (entry.forkedFrom as { sessionId?: unknown } | undefined)?.sessionId;
    forked.requestSessionId = [entry.requestSessionId, from, entry.sessionId].find((s) => typeof s === 'string');
  } else delete forked.requestSessionId;
  forked.forkedFrom = { sessionId: plan.sourceSessionId, messageUuid: uuid };
  return forked;
}

/** The entries a fork ends with: content replacements, relocation, and its title. */
export function forkTrailer(plan: ForkPlan, extras: ForkExtras & { title: string }): Record<string, unknown>[] {
  const trailer: Record<string, unknown>[] = [];
  const sessionId = plan.sessionId;
  if (extras.contentReplacements.length > 0) {
    trailer.push({
      type: 'content-replacement',
      sessionId,
      replacements: extras.contentReplacements,
      uuid: randomUUID(),
      timestamp: plan.now,
    });
  }
  if (extras.atisLatch !== undefined) trailer.push({ type: 'atis-latch', sessionId, atis: extras.atisLatch });
  if (extras.toolsUsed !== undefined) trailer.push({ type: 'tools-used', sessionId, tools: extras.toolsUsed });
  if (extras.relocatedCwd) trailer.push({ type: 'relocated', sessionId, relocatedCwd: extras.relocatedCwd });
  trailer.push({ type: 'custom-title', sessionId, customTitle: extras.title, uuid: randomUUID(), timestamp: plan.now });
  return trailer;
}

/** The fork's title: the one asked for, else the source's title (or "Forked session") + " (fork)". */
export function forkTitle(requested: string | undefined, sourceTitle: string | undefined): string {
  return requested?.trim() || `${sourceTitle || 'Forked session'} (fork)`;
}

/** What a fork carries over from the source's non-message entries. */
export type ForkExtras = {
  contentReplacements: unknown[];
  relocatedCwd?: string;
  atisLatch?: string;
  toolsUsed?: string[];
};

/** Collects what the trailer needs from the source's non-message entries. */
export function noteForkExtras(entry: Record<string, unknown>, sourceSessionId: string, extras: ForkExtras): void {
  if (entry.sessionId !== sourceSessionId) return;
  if (entry.type === 'content-replacement' && Array.isArray(entry.replacements)) {
    extras.contentReplacements.push(
      ...entry.replacements.filter((r) => typeof r === 'object' && r !== null && !Array.isArray(r)),
    );
  } else if (entry.type === 'atis-latch' && typeof entry.atis === 'string' && /^[\x21-\x7e]*$/.test(entry.atis)) {
    extras.atisLatch = entry.atis;
  } else if (entry.type === 'tools-used' && Array.isArray(entry.tools)) {
    extras.toolsUsed = entry.tools.filter((t): t is string => typeof t === 'string' && t !== '');
  } else if (entry.type === 'relocated' && typeof entry.relocatedCwd === 'string' && entry.relocatedCwd) {
    extras.relocatedCwd = entry.relocatedCwd;
  }
}

function forkedParent(plan: ForkPlan, parent: unknown): string | null {
  const seen = new Set<string>();
  let at = typeof parent === 'string' ? parent : undefined;
  while (at !== undefined) {
    const source = plan.byUuid.get(at);
    if (source === undefined) return null;
    if (source.type !== 'progress' || seen.has(at)) return plan.newUuid.get(at) ?? null;
    seen.add(at);
    at = typeof source.parentUuid === 'string' ? source.parentUuid : undefined;
  }
  return null;
}

function noMessages(sessionId: string): InvalidSessionArgumentError {
  return new InvalidSessionArgumentError({ message: `Session ${sessionId} has no messages to fork` });
}
