import { readFile } from 'node:fs/promises';
import type { GetSubagentMessagesOptions, SessionMessage, SessionStoreEntry } from '@hexagent/core';
import { type ChainEntry, chainEntryOf } from './chain-entry.js';
import { indexTranscript } from './index-transcript.js';
import { projectKeyOf } from './projects-dir.js';
import { withQueuedCommands } from './queued-commands.js';
import { readChainMessages } from './read-chain-messages.js';
import { isSessionId } from './session-id.js';
import { pageOf } from './session-message-of-entry.js';
import { agentRef, subagentChain } from './subagent-chain.js';
import { subagentFiles } from './subagent-files.js';

/**
 * The conversation of one sub-agent of a session, oldest first, paged by `offset`/`limit`; each
 * message carries the `parent_tool_use_id` of the tool call that started the agent (from its
 * `.meta.json`). `[]` when the session or the agent is not found.
 *
 * @example
 * ```ts
 * const [agentId] = await listSubagents(sessionId);
 * if (agentId) console.log(await getSubagentMessages(sessionId, agentId));
 * ```
 */
export async function getSubagentMessages(
  sessionId: string,
  agentId: string,
  options?: GetSubagentMessagesOptions,
): Promise<SessionMessage[]> {
  if (!isSessionId(sessionId) || !agentId) return [];
  if (options?.sessionStore) return fromStore(sessionId, agentId, options);
  const file = (await subagentFiles(sessionId, options?.dir)).find((f) => f.agentId === agentId);
  if (file === undefined) return [];
  let meta: { toolUseId?: unknown; parentAgentId?: unknown } = {};
  try {
    meta = JSON.parse(await readFile(file.filePath.replace(/\.jsonl$/, '.meta.json'), 'utf8')) as typeof meta;
  } catch {
    // no sidecar: the messages carry no parent ids
  }
  let index: Awaited<ReturnType<typeof indexTranscript>>;
  try {
    index = await indexTranscript(file.filePath);
  } catch {
    return [];
  }
  const chain = withQueuedCommands(subagentChain(index.entries), new Map(), true).filter(isMessage);
  const page = pageOf(chain, options?.limit, options?.offset);
  return readChainMessages(file.filePath, page, agentRef(meta.toolUseId), agentRef(meta.parentAgentId));
}

async function fromStore(
  sessionId: string,
  agentId: string,
  options: GetSubagentMessagesOptions,
): Promise<SessionMessage[]> {
  const store = options.sessionStore;
  if (store === undefined) return [];
  const projectKey = projectKeyOf(options.dir ?? '.');
  let subpath = `subagents/agent-${agentId}`;
  if (store.listSubkeys) {
    const match = (await store.listSubkeys({ projectKey, sessionId })).find(
      (key) => key.startsWith('subagents/') && key.split('/').at(-1) === `agent-${agentId}`,
    );
    if (match === undefined) return [];
    subpath = match;
  }
  const entries = await store.load({ projectKey, sessionId, subpath });
  if (!entries || entries.length === 0) return [];
  const meta = entries.findLast((e: SessionStoreEntry) => e.type === 'agent_metadata');
  const transcript = entries.filter((e) => e.type !== 'agent_metadata');
  const index = transcript.flatMap((entry) => {
    const chained = chainEntryOf(entry);
    return chained ? [{ ...chained, entry }] : [];
  });
  const chain = withQueuedCommands(subagentChain(index), new Map(), true).filter(isMessage);
  const page = pageOf(chain, options.limit, options.offset);
  return readChainMessages(undefined, page, agentRef(meta?.toolUseId), agentRef(meta?.parentAgentId));
}

function isMessage(entry: ChainEntry): boolean {
  return entry.type === 'user' || entry.type === 'assistant';
}
