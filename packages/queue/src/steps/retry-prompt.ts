import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectKeyForPath } from '@hexagent/core';
import type { SessionStore } from '@hexagent/sdk';

/**
 * Whether the session's transcript in the store already holds `prompt` as a user message: a retried
 * attempt then resumes with a short continuation instead of sending the prompt again (the model would
 * start the turn over, and repeat the tool calls it had made). The store key is the CLI's project
 * directory name for `cwd` (as the SDK mirrors it); anything unreadable answers `false`, and the
 * attempt sends the prompt as before.
 */
export async function transcriptHoldsPrompt(
  store: SessionStore,
  sessionId: string,
  cwd: string | undefined,
  prompt: string,
): Promise<boolean> {
  const entries = await storedTranscript(store, sessionId, cwd);
  return entries.some((entry) => entry.type === 'user' && userText(entry).includes(prompt));
}

/**
 * The session's transcript as the store holds it, under the CLI's project directory name for `cwd`
 * (as the SDK mirrors it); empty when the store has none or cannot be read.
 */
export async function storedTranscript(
  store: SessionStore,
  sessionId: string,
  cwd: string | undefined,
): Promise<Array<Record<string, unknown>>> {
  const absolute = resolve(cwd ?? '.');
  let real = absolute;
  try {
    real = realpathSync(absolute);
  } catch {
    // A directory that does not exist keeps its resolved path, as the SDK's key does.
  }
  return (await store.load({ projectKey: projectKeyForPath(real), sessionId }).catch(() => null)) ?? [];
}

function userText(entry: Record<string, unknown>): string {
  const content = (entry.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => (typeof block?.text === 'string' ? block.text : '')).join('\n');
}
