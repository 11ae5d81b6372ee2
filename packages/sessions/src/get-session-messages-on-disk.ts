import type { GetSessionMessagesOptions, SessionMessage } from '@hexagent/core';
import { conversationChain } from './conversation-chain.js';
import { findSessionFile } from './find-session-file.js';
import { indexTranscript } from './index-transcript.js';
import { withQueuedCommands } from './queued-commands.js';
import { readChainMessages } from './read-chain-messages.js';
import { isSessionId } from './session-id.js';
import { isShownEntry, pageOf } from './session-message-of-entry.js';

/**
 * `getSessionMessages` on the CLI's transcripts: the transcript is streamed into a content-free
 * index, the chain built on it, and only the lines of the requested page are read back. `[]` for
 * an unknown session.
 */
export async function getSessionMessagesOnDisk(
  sessionId: string,
  options: GetSessionMessagesOptions = {},
): Promise<SessionMessage[]> {
  if (!isSessionId(sessionId)) return [];
  const file = await findSessionFile(sessionId, options.dir);
  if (file === undefined) return [];
  let index: Awaited<ReturnType<typeof indexTranscript>>;
  try {
    index = await indexTranscript(file.filePath);
  } catch {
    return [];
  }
  const chain = withQueuedCommands(conversationChain(index.entries), index.delivered);
  const shown = chain.filter((e) => isShownEntry(e, options.includeSystemMessages === true));
  return readChainMessages(file.filePath, pageOf(shown, options.limit, options.offset));
}
