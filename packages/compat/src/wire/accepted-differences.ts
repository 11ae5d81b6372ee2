import { readFileSync } from 'node:fs';
import type { WireDifference } from './diff-recordings.js';

/** A difference between hexagent and the official SDK that is known and accepted, and why. */
export interface AcceptedDifference {
  /** A difference id (`plain-prompt/spawn1/env/-X`); a `*` in it matches any run of characters. */
  id: string;
  reason: string;
}

/** A difference with what the accepted list says of it. */
export interface JudgedDifference extends WireDifference {
  /** The reason it is accepted; absent for a new difference. */
  accepted?: string;
}

/** Reads accepted-differences.json (`{ "differences": [{ "id", "reason" }] }`). */
export function readAcceptedDifferences(file: string): AcceptedDifference[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { differences?: AcceptedDifference[] };
  const list = parsed.differences ?? [];
  for (const entry of list) {
    if (typeof entry.id !== 'string' || typeof entry.reason !== 'string' || entry.reason.trim() === '') {
      throw new Error(`${file}: every accepted difference needs an id and a reason (${JSON.stringify(entry)})`);
    }
  }
  return list;
}

/**
 * Marks each difference accepted (with the first matching entry's reason) or new, and returns the
 * entries that matched nothing (stale: the difference is gone, the entry should go too).
 */
export function judgeDifferences(
  differences: readonly WireDifference[],
  accepted: readonly AcceptedDifference[],
): { judged: JudgedDifference[]; unused: AcceptedDifference[] } {
  const patterns = accepted.map((entry) => ({ entry, pattern: globToRegExp(entry.id), used: false }));
  const judged = differences.map((difference) => {
    const match = patterns.find(({ pattern }) => pattern.test(difference.id));
    if (!match) return { ...difference };
    match.used = true;
    return { ...difference, accepted: match.entry.reason };
  });
  return { judged, unused: patterns.filter((each) => !each.used).map((each) => each.entry) };
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}
