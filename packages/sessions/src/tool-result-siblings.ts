import type { ChainEntry } from './chain-entry.js';

/**
 * Puts back what a single `parentUuid` walk loses with parallel tool calls: the CLI writes one
 * assistant message as several entries (one per tool use) and each tool result under its own
 * entry, so only one branch lies on the chain. Off-chain pieces of an on-chain assistant message
 * and their tool results are inserted after it, ordered by timestamp, as the official SDK does.
 */
export function withToolResultSiblings(
  byUuid: Map<string, ChainEntry>,
  chain: ChainEntry[],
  onChain: Set<string>,
): ChainEntry[] {
  const assistants = chain.filter((e) => e.type === 'assistant');
  if (assistants.length === 0) return chain;
  const chainByMessage = new Map<string, ChainEntry>();
  for (const a of assistants) if (a.messageId) chainByMessage.set(a.messageId, a);
  const piecesByMessage = new Map<string, ChainEntry[]>();
  const ownerOfToolUse = new Map<string, ChainEntry | null>();
  const toolResultUsers: ChainEntry[] = [];
  for (const e of byUuid.values()) {
    if (e.messageId) {
      push(piecesByMessage, e.messageId, e);
      for (const id of e.toolUseIds ?? []) {
        const owner = ownerOfToolUse.get(id);
        ownerOfToolUse.set(id, owner === undefined || (owner !== null && owner.messageId === e.messageId) ? e : null);
      }
    } else if (e.type === 'user' && e.parentUuid && (e.toolResultIds?.length ?? 0) > 0) toolResultUsers.push(e);
  }
  const children = new Map<string, ChainEntry[]>();
  const linked = new Set<string>();
  const link = (parent: string, child: ChainEntry) => {
    if (linked.has(`${parent}\n${child.uuid}`)) return;
    linked.add(`${parent}\n${child.uuid}`);
    push(children, parent, child);
  };
  const sameThread = (a: ChainEntry, b: ChainEntry) =>
    (a.isSidechain ?? false) === (b.isSidechain ?? false) && a.agentId === b.agentId;
  for (const user of toolResultUsers) {
    link(user.parentUuid as string, user);
    const source =
      user.sourceToolAssistantUUID !== undefined && user.sourceToolAssistantUUID !== user.parentUuid
        ? byUuid.get(user.sourceToolAssistantUUID)
        : undefined;
    if (source && sameThread(user, source)) link(source.uuid, user);
    for (const id of user.toolResultIds ?? []) {
      const owner = ownerOfToolUse.get(id);
      if (owner && sameThread(user, owner)) link(owner.uuid, user);
    }
  }
  const answered = new Set<string>();
  for (const e of chain) for (const id of e.toolResultIds ?? []) answered.add(id);
  let order: Map<string, number> | undefined;
  const mapOrder = (e: ChainEntry) => {
    order ??= new Map([...byUuid.keys()].map((k, i) => [k, i]));
    return order.get(e.uuid) ?? Number.MAX_SAFE_INTEGER;
  };
  const done = new Set<string>();
  const inserts = new Map<string, ChainEntry[]>();
  for (const assistant of assistants) {
    const id = assistant.messageId;
    if (!id || done.has(id)) continue;
    done.add(id);
    const pieces = piecesByMessage.get(id) ?? [assistant];
    const pieceUuids = new Set(pieces.map((p) => p.uuid));
    const offChain = pieces.filter((p) => !onChain.has(p.uuid));
    const results: ChainEntry[] = [];
    const stray: ChainEntry[] = [];
    const taken = new Set<string>();
    for (const piece of pieces) {
      for (const child of children.get(piece.uuid) ?? []) {
        if (onChain.has(child.uuid) || taken.has(child.uuid)) continue;
        taken.add(child.uuid);
        (pieceUuids.has(child.parentUuid as string) ? results : stray).push(child);
      }
    }
    if (stray.length > 0) {
      const covered = new Set(answered);
      for (const r of results) for (const t of r.toolResultIds ?? []) covered.add(t);
      stray.sort((a, b) => mapOrder(a) - mapOrder(b));
      for (const user of stray) {
        const ids = user.toolResultIds ?? [];
        const ours = ids.some((t) => {
          const owner = ownerOfToolUse.get(t);
          return !covered.has(t) && !!owner && pieceUuids.has(owner.uuid);
        });
        if (!ours) continue;
        for (const t of ids) covered.add(t);
        results.push(user);
      }
    }
    if (offChain.length === 0 && results.length === 0) continue;
    const byTime = (a: ChainEntry, b: ChainEntry) => (a.timestamp ?? '').localeCompare(b.timestamp ?? '');
    offChain.sort(byTime);
    results.sort(byTime);
    const insert = [...offChain, ...results];
    for (const e of insert) onChain.add(e.uuid);
    const anchor = chainByMessage.get(id);
    if (anchor) inserts.set(anchor.uuid, insert);
  }
  if (inserts.size === 0) return chain;
  return chain.flatMap((e) => [e, ...(inserts.get(e.uuid) ?? [])]);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
