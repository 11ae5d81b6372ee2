import type { GetSessionMessagesOptions, SessionMessage } from '@hexagent/core';
import { chainEntryOf } from './chain-entry.js';
import { conversationChain } from './conversation-chain.js';
import { DeliveryLedger } from './delivery-ledger.js';
import { getSessionMessagesOnDisk } from './get-session-messages-on-disk.js';
import { projectKeyOf } from './projects-dir.js';
import { withQueuedCommands } from './queued-commands.js';
import { readChainMessages } from './read-chain-messages.js';
import { isSessionId } from './session-id.js';
import { isShownEntry, pageOf } from './session-message-of-entry.js';

/**
 * The conversation of a session, oldest first: the chain of `parentUuid` links from the latest
 * message back to the first, user and assistant messages (and system ones with
 * `includeSystemMessages`), paged by `offset`/`limit`. The transcript is streamed, never read
 * whole. `[]` when the session is not found.
 *
 * @example
 * ```ts
 * const first20 = await getSessionMessages(sessionId, { limit: 20 });
 * ```
 */
export async function getSessionMessages(
  sessionId: string,
  options?: GetSessionMessagesOptions,
): Promise<SessionMessage[]> {
  if (!options?.sessionStore) return getSessionMessagesOnDisk(sessionId, options);
  if (!isSessionId(sessionId)) return [];
  const entries = await options.sessionStore.load({ projectKey: projectKeyOf(options.dir ?? '.'), sessionId });
  if (!entries || entries.length === 0) return [];
  const index = entries.flatMap((entry) => {
    const chained = chainEntryOf(entry);
    return chained ? [{ ...chained, entry }] : [];
  });
  const ledger = new DeliveryLedger();
  for (const entry of entries) ledger.note(entry);
  const chain = withQueuedCommands(conversationChain(index), ledger.delivered());
  const shown = chain.filter((e) => isShownEntry(e, options.includeSystemMessages === true));
  return readChainMessages(undefined, pageOf(shown, options.limit, options.offset));
}
