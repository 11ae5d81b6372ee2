import { type FirstPromptState, promptOfEntry, type SessionStoreEntry } from '@hexagent/core';

/** The first typed prompt among `entries` (or the first slash command's name, or `''`). */
export function firstPromptOfEntries(entries: readonly SessionStoreEntry[]): string {
  const state: FirstPromptState = {};
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const prompt = promptOfEntry(entry, state);
    if (prompt !== undefined) return prompt;
  }
  return state.commandFallback ?? '';
}
