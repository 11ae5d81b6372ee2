import type { ChainEntry } from './chain-entry.js';

/** Origins whose meta entries are shown anyway (messages from channels, peers, voice). */
const SHOWN_META_ORIGINS = new Set(['channel', 'observer', 'observer-activity', 'slack-ping', 'voice-call', 'peer']);

/** Whether a meta entry of this origin is shown. */
export function showsMeta(originKind: string | undefined): boolean {
  return originKind !== undefined && SHOWN_META_ORIGINS.has(originKind);
}

/**
 * Prompts the user sent while a turn ran, as the official reader shows them: a `queued_command`
 * attachment on the chain becomes a user message (its uuid the prompt's own) when the CLI logged
 * it delivered, or, without a log, when a reply follows it. `keepMeta` (sub-agents) converts meta
 * prompts too.
 */
export function withQueuedCommands(
  chain: ChainEntry[],
  delivered: Map<string, number>,
  keepMeta = false,
): ChainEntry[] {
  const followedByReply = repliesFollow(chain);
  const decided = deliveredPositions(chain, delivered);
  const uuids = new Set(chain.map((e) => e.uuid));
  return chain.map((entry, i) => {
    const queued = entry.queued;
    if (!(decided.get(i) ?? followedByReply[i]) || queued === undefined) return entry;
    if ((queued.isMeta && !keepMeta && !showsMeta(queued.originKind)) || !queued.hasPrompt || queued.forwarded)
      return entry;
    const uuid = queued.sourceUuid ?? entry.uuid;
    if (uuid !== entry.uuid && uuids.has(uuid)) return entry;
    uuids.add(uuid);
    const user: ChainEntry = { ...entry, type: 'user', uuid, fromQueuedCommand: true };
    if (queued.isMeta) user.isMeta = true;
    else delete user.isMeta;
    if (queued.originKind !== undefined) user.originKind = queued.originKind;
    else delete user.originKind;
    return user;
  });
}

/** For each position: does a reply (not a new prompt) come next? */
function repliesFollow(chain: readonly ChainEntry[]): boolean[] {
  const follows: boolean[] = [];
  let next: 'reply' | 'prompt' | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const e = chain[i] as ChainEntry;
    follows[i] = next === 'reply';
    const toolResult = e.type === 'user' && !!e.parentUuid && (e.toolResultIds?.length ?? 0) > 0;
    if (e.type === 'assistant' || toolResult || e.isNotice) next = 'reply';
    else if (e.type === 'user' && !e.isMeta && !e.isCompactSummary) next = 'prompt';
  }
  return follows;
}

/** The positions the delivery log decides: delivered copies are shown, the others are not. */
function deliveredPositions(chain: readonly ChainEntry[], delivered: Map<string, number>): Map<number, boolean> {
  const decided = new Map<number, boolean>();
  if (delivered.size === 0) return decided;
  const byKey = new Map<string, number[]>();
  chain.forEach((e, i) => {
    const key = e.queued?.deliveryId
      ? `delivery:${e.queued.deliveryId}`
      : e.queued?.sourceUuid
        ? `uuid:${e.queued.sourceUuid}`
        : undefined;
    if (key === undefined || !delivered.has(key)) return;
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  for (const [key, positions] of byKey) {
    if (key.startsWith('delivery:')) {
      for (const i of positions) decided.set(i, delivered.has(`entry:${chain[i]?.uuid}`));
      continue;
    }
    const count = delivered.get(key) ?? 0;
    for (const [n, i] of positions.entries()) decided.set(i, n >= positions.length - count);
  }
  return decided;
}
