import type { ChainEntry } from './chain-entry.js';
import { withToolResultSiblings } from './tool-result-siblings.js';

/**
 * The conversation a transcript holds, as the official SDK rebuilds it: compaction links
 * applied, the leaf picked (the latest main-thread entry with no child that leads back to a user
 * or assistant message), the `parentUuid` chain walked back from it, and tool results of
 * parallel calls that branch off the chain put back after their assistant message.
 */
export function conversationChain(entries: readonly ChainEntry[]): ChainEntry[] {
  const byUuid = new Map<string, ChainEntry>();
  for (const entry of entries) byUuid.set(entry.uuid, entry);
  relinkCompactions(byUuid);
  const position = new Map<string, number>();
  for (const [i, entry] of entries.entries()) position.set(entry.uuid, i);
  const pos = (e: ChainEntry) => position.get(e.uuid) ?? -1;
  const leaf = findLeaf(byUuid, pos);
  if (leaf === undefined) return [];
  const chain: ChainEntry[] = [];
  const onChain = new Set<string>();
  for (let at = byUuid.get(leaf.uuid); at !== undefined && !onChain.has(at.uuid); ) {
    onChain.add(at.uuid);
    chain.push(at);
    at = at.parentUuid ? byUuid.get(at.parentUuid) : undefined;
  }
  chain.reverse();
  return withToolResultSiblings(byUuid, chain, onChain);
}

function isMainThread(e: ChainEntry): boolean {
  return (
    !e.isSidechain &&
    !e.teamName &&
    e.type !== 'progress' &&
    !(e.type === 'attachment' && e.attachmentType === 'fork_briefing')
  );
}

function isMessage(e: ChainEntry): boolean {
  return e.type === 'user' || e.type === 'assistant';
}

function findLeaf(byUuid: Map<string, ChainEntry>, pos: (e: ChainEntry) => number): ChainEntry | undefined {
  const mainParents = new Set<string>();
  const parents = new Set<string>();
  for (const e of byUuid.values()) {
    if (!e.parentUuid) continue;
    parents.add(e.parentUuid);
    if (isMainThread(e)) mainParents.add(e.parentUuid);
  }
  const terminals = [...byUuid.values()]
    .filter((e) => isMainThread(e) && !mainParents.has(e.uuid))
    .sort((a, b) => pos(b) - pos(a));
  const visited = new Set<string>();
  for (const terminal of terminals) {
    const walked: string[] = [];
    const here = new Set<string>();
    for (let at: ChainEntry | undefined = terminal; at && !visited.has(at.uuid) && !here.has(at.uuid); ) {
      if (isMessage(at)) return at;
      here.add(at.uuid);
      walked.push(at.uuid);
      at = at.parentUuid ? byUuid.get(at.parentUuid) : undefined;
    }
    for (const uuid of walked) visited.add(uuid);
  }
  const reached: ChainEntry[] = [];
  for (const tip of byUuid.values()) {
    if (parents.has(tip.uuid)) continue;
    const seen = new Set<string>();
    for (let at: ChainEntry | undefined = tip; at && !seen.has(at.uuid); ) {
      seen.add(at.uuid);
      if (isMessage(at)) {
        reached.push(at);
        break;
      }
      at = at.parentUuid ? byUuid.get(at.parentUuid) : undefined;
    }
  }
  if (reached.length === 0) return undefined;
  const main = reached.filter((e) => !e.isSidechain && !e.teamName && !e.isMeta);
  return (main.length > 0 ? main : reached).reduce((best, e) => (pos(e) > pos(best) ? e : best));
}

/** Applies compact boundaries' preserved messages/segments to the links, as the CLI resumes them. */
function relinkCompactions(byUuid: Map<string, ChainEntry>): void {
  for (const boundary of [...byUuid.values()]) {
    if (boundary.type !== 'system' || boundary.subtype !== 'compact_boundary') continue;
    const kept = boundary.preservedMessages;
    const segment = boundary.preservedSegment;
    if (kept) {
      if (kept.uuids.length === 0 || kept.uuids.some((u) => !byUuid.has(u))) continue;
      let parent = kept.anchorUuid;
      for (const uuid of kept.uuids) {
        byUuid.set(uuid, { ...(byUuid.get(uuid) as ChainEntry), parentUuid: parent ?? null });
        parent = uuid;
      }
      const [first] = kept.uuids;
      const last = kept.uuids.at(-1);
      for (const [uuid, e] of byUuid) {
        if (e.parentUuid === kept.anchorUuid && uuid !== first) byUuid.set(uuid, { ...e, parentUuid: last ?? null });
      }
    } else if (segment?.headUuid !== undefined) {
      const head = byUuid.get(segment.headUuid);
      if (head) byUuid.set(segment.headUuid, { ...head, parentUuid: segment.anchorUuid ?? null });
      for (const [uuid, e] of byUuid) {
        if (e.parentUuid === segment.anchorUuid && uuid !== segment.headUuid) {
          byUuid.set(uuid, { ...e, parentUuid: segment.tailUuid ?? null });
        }
      }
    }
  }
}
