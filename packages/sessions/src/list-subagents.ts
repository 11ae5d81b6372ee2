import type { ListSubagentsOptions } from '@hexagent/core';
import { projectKeyOf } from './projects-dir.js';
import { isSessionId } from './session-id.js';
import { SessionStoreUnsupportedError } from './session-store-unsupported-error.js';
import { subagentFiles } from './subagent-files.js';

/**
 * The ids of a session's sub-agents, from its `subagents/agent-<id>.jsonl` transcripts (or the
 * store's `subagents/...` subkeys with `sessionStore`, which then needs `listSubkeys`). `[]` when
 * there are none.
 *
 * @example
 * ```ts
 * for (const agentId of await listSubagents(sessionId)) console.log(agentId);
 * ```
 */
export async function listSubagents(sessionId: string, options?: ListSubagentsOptions): Promise<string[]> {
  if (!isSessionId(sessionId)) return [];
  const store = options?.sessionStore;
  if (store === undefined) return (await subagentFiles(sessionId, options?.dir)).map((f) => f.agentId);
  if (!store.listSubkeys) {
    throw new SessionStoreUnsupportedError({
      message:
        'sessionStore.listSubkeys is not implemented -- cannot list subagents. Provide a store with a listSubkeys() method.',
    });
  }
  const ids = new Set<string>();
  for (const subpath of await store.listSubkeys({ projectKey: projectKeyOf(options?.dir ?? '.'), sessionId })) {
    if (!subpath.startsWith('subagents/')) continue;
    const last = subpath.split('/').at(-1) ?? '';
    if (last.startsWith('agent-')) ids.add(last.slice('agent-'.length));
  }
  return [...ids];
}
