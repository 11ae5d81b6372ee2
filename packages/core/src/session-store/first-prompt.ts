import type { SessionStoreEntry } from '../types/session-store/session-store.js';

/** Longest first prompt kept in a summary, in UTF-16 code units, before an ellipsis. */
const FIRST_PROMPT_MAX = 200;
const COMMAND_NAME = /<command-name>(.*?)<\/command-name>/;
const BASH_INPUT = /<bash-input>([\s\S]*?)<\/bash-input>/;
/** Text that is markup the CLI injected (a reminder, a tag) or an interruption notice, not a prompt. */
const NOT_A_PROMPT = /^(?:\s*<[a-z][\w-]*[\s>]|\[Request interrupted by user[^\]]*\])/;

/** What a scan of user entries found: the first real prompt, and a slash command seen before it. */
export type FirstPromptState = {
  /** The first prompt the user typed, shortened to 200 characters. */
  firstPrompt?: string;
  /** The name of the first slash command, shown when no typed prompt exists. */
  commandFallback?: string;
};

/**
 * The prompt text a transcript entry contributes to a session's title, as the CLI's session
 * list shows it: user text only (no meta, compact summaries or tool results), whitespace folded,
 * `<bash-input>` as `! cmd`, injected markup skipped, at most 200 characters. A slash command
 * is remembered in `state.commandFallback` instead. Returns `undefined` when the entry has none.
 */
export function promptOfEntry(entry: SessionStoreEntry, state: FirstPromptState): string | undefined {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true) return undefined;
  const message = entry.message;
  if (typeof message !== 'object' || message === null) return undefined;
  const content = (message as { content?: unknown }).content;
  const texts: string[] = [];
  if (typeof content === 'string') texts.push(content);
  else if (Array.isArray(content)) {
    for (const block of content) {
      if (typeof block !== 'object' || block === null) continue;
      const b = block as { type?: unknown; text?: unknown };
      if (b.type === 'tool_result') return undefined;
      if (b.type === 'text' && typeof b.text === 'string') texts.push(b.text);
    }
  }
  for (const raw of texts) {
    let text = raw.replaceAll('\n', ' ').trim();
    if (!text) continue;
    const command = COMMAND_NAME.exec(text);
    if (command) {
      state.commandFallback ??= command[1] ?? '';
      continue;
    }
    const bash = BASH_INPUT.exec(text);
    if (bash) return `! ${(bash[1] ?? '').trim()}`;
    if (NOT_A_PROMPT.test(text)) continue;
    if (text.length > FIRST_PROMPT_MAX) text = `${truncateUtf16(text, FIRST_PROMPT_MAX).trim()}…`;
    return text;
  }
  return undefined;
}

/** Cuts to `max` code units without splitting a surrogate pair. */
function truncateUtf16(text: string, max: number): string {
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(max - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
