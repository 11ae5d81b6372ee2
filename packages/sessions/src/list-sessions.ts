import type { ListSessionsOptions, SDKSessionInfo } from '@hexagent/core';
import { listSessionsInStore } from './list-sessions-in-store.js';
import { listSessionsOnDisk } from './list-sessions-on-disk.js';

/**
 * List sessions with metadata, newest first. With `dir`, the sessions of that project and its
 * git worktrees; without, those of every project. Each transcript is read at its head and tail
 * only (64 KiB each), a bounded number at a time. With `sessionStore`, lists the store instead.
 *
 * @example
 * ```ts
 * const sessions = await listSessions({ dir: '/path/to/project' });
 * const page2 = await listSessions({ limit: 50, offset: 50 });
 * ```
 */
export async function listSessions(options?: ListSessionsOptions): Promise<SDKSessionInfo[]> {
  if (options?.sessionStore) return listSessionsInStore(options.sessionStore, options);
  return listSessionsOnDisk(options);
}
