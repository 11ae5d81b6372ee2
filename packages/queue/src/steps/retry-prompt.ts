import { projectDirName } from '@hexagent/compose';
import type { SessionStore } from '@hexagent/sdk';

/**
 * Whether the session's transcript in the store already holds `prompt` as a user message: a retried
 * attempt then resumes with a short continuation instead of sending the prompt again (the model would
 * start the turn over, and repeat the tool calls it had made). The store key is the CLI's project
 * directory name for the run's `cwd` and `env` (compose's `projectDirName`, the key the SDK mirrors
 * under); anything unreadable answers `false`, and the attempt sends the prompt as before.
 */
export async function transcriptHoldsPrompt(
  store: SessionStore,
  sessionId: string,
  run: RunPlace,
  prompt: string,
): Promise<boolean> {
  const entries = await storedTranscript(store, sessionId, run);
  return entries.some((entry) => entry.type === 'user' && userText(entry).includes(prompt));
}

/** Where a run's session lives in the store: its `cwd` and `env` (the CLI's project directory name). */
export interface RunPlace {
  cwd: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The session's transcript as the store holds it, under compose's `projectDirName` for the run (the
 * key the SDK mirrors under); empty when the store has none or cannot be read.
 */
export async function storedTranscript(
  store: SessionStore,
  sessionId: string,
  run: RunPlace,
): Promise<Array<Record<string, unknown>>> {
  const projectKey = projectDirName(run.cwd, run.env);
  return (await store.load({ projectKey, sessionId }).catch(() => null)) ?? [];
}

function userText(entry: Record<string, unknown>): string {
  const content = (entry.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => (typeof block?.text === 'string' ? block.text : '')).join('\n');
}
