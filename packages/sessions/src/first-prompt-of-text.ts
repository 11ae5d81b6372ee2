import { type FirstPromptState, promptOfEntry, type SessionStoreEntry } from '@hexagent/core';

/**
 * The first prompt the user typed among the JSONL lines of `text` (a transcript's head), as the
 * CLI's session list shows it; a slash command's name when no typed prompt exists; `''` when
 * neither. Only lines that can be user prompts are parsed.
 */
export function firstPromptOfText(text: string): string {
  const state: FirstPromptState = {};
  for (const line of text.split('\n')) {
    if (!line.includes('"type":"user"') && !line.includes('"type": "user"')) continue;
    if (line.includes('"tool_result"')) continue;
    if (line.includes('"isMeta":true') || line.includes('"isMeta": true')) continue;
    if (line.includes('"isCompactSummary":true') || line.includes('"isCompactSummary": true')) continue;
    try {
      const prompt = promptOfEntry(JSON.parse(line) as SessionStoreEntry, state);
      if (prompt !== undefined) return prompt;
    } catch {
      // a cut or malformed line
    }
  }
  return state.commandFallback ?? '';
}

/** `'Image'` or `'Document'` for a session whose first user content is an attachment, else `''`. */
export function attachmentPromptOfText(text: string): string {
  for (const line of text.split('\n')) {
    if (!line.includes('"type":"user"') && !line.includes('"type": "user"')) continue;
    if (line.includes('"tool_result"')) continue;
    if (line.includes('"isMeta":true') || line.includes('"isMeta": true')) continue;
    if (line.includes('"type":"image"') || line.includes('"type": "image"')) return 'Image';
    if (line.includes('"type":"document"') || line.includes('"type": "document"')) return 'Document';
  }
  return '';
}
