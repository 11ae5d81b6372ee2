import { promptOfEntry, type SessionStoreEntry } from '@hexagent/core';
import type { ArchiveMark } from './archive-mark.js';

/**
 * `archived` as the session list reports it: absent without a mark, `false` once unarchived, and
 * `true` for an archived session unless the user sent a prompt in it after it was archived.
 */
export function archivedState(
  mark: ArchiveMark | undefined,
  text: { head: string; tail: string },
): boolean | undefined {
  if (!mark?.archived) return mark?.archived;
  return !(promptedSince(text.tail, mark.atMs) || (text.head !== text.tail && promptedSince(text.head, mark.atMs)));
}

function promptedSince(text: string, atMs: number): boolean {
  return text.split('\n').some((line) => {
    if (!(line.includes('"user"') || line.includes('"queued_command"')) || line.includes('"tool_result"')) return false;
    try {
      const at = humanPromptTime(JSON.parse(line) as unknown);
      return at !== undefined && at > atMs;
    } catch {
      return false;
    }
  });
}

/** When a human sent the prompt `entry` holds (a user entry or a queued command), if it is one. */
function humanPromptTime(entry: unknown): number | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const e = entry as Record<string, unknown>;
  if (typeof e.timestamp !== 'string') return undefined;
  let content: unknown;
  let origin: unknown;
  if (e.type === 'user' && typeof e.message === 'object' && e.message !== null) {
    content = (e.message as { content?: unknown }).content;
    origin = e.origin;
  } else if (e.type === 'attachment' && (e.attachment as { type?: unknown } | null)?.type === 'queued_command') {
    content = (e.attachment as { prompt?: unknown }).prompt;
    origin = (e.attachment as { origin?: unknown }).origin;
  } else return undefined;
  if (origin !== undefined && (origin as { kind?: unknown } | null)?.kind !== 'human') return undefined;
  const blocks =
    typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : [];
  if (blocks.some((b) => (b as { type?: unknown } | null)?.type === 'tool_result')) return undefined;
  const prompted =
    promptOfEntry({ type: 'user', message: { content } } as SessionStoreEntry, {}) !== undefined ||
    blocks.some((b) => ['image', 'document'].includes(String((b as { type?: unknown } | null)?.type)));
  const at = Date.parse(e.timestamp);
  return prompted && !Number.isNaN(at) ? at : undefined;
}
