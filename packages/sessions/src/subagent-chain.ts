import type { ChainEntry } from './chain-entry.js';

/** The chain of a sub-agent transcript (attachments included): from its last user or assistant entry back along `parentUuid`. */
export function subagentChain(entries: readonly ChainEntry[]): ChainEntry[] {
  const kept = entries.filter((e) => e.type === 'user' || e.type === 'assistant' || e.type === 'attachment');
  const byUuid = new Map(kept.map((e) => [e.uuid, e]));
  const leaf = kept.findLast((e) => e.type === 'user' || e.type === 'assistant');
  const chain: ChainEntry[] = [];
  const seen = new Set<string>();
  for (
    let at = leaf;
    at !== undefined && !seen.has(at.uuid);
    at = at.parentUuid ? byUuid.get(at.parentUuid) : undefined
  ) {
    seen.add(at.uuid);
    chain.push(at);
  }
  return chain.reverse();
}

const AGENT_REF = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A `toolUseId` or `parentAgentId` from a sub-agent's metadata, when well-formed. */
export function agentRef(value: unknown): string | null {
  return typeof value === 'string' && AGENT_REF.test(value) ? value : null;
}
