/**
 * `@hexagent/sessions`: the official session functions over the Claude Code CLI's transcript files
 * (`~/.claude/projects`, or `CLAUDE_CONFIG_DIR`), or over a `SessionStore` when one is passed: list,
 * read, fork, rename, tag, archive and delete sessions, read sub-agents, import a session into a
 * store, sum a session's usage per agent. An adapter: it depends on `@hexagent/core` and Node.js only.
 * `@hexagent/sdk` re-exports every name, as the official SDK exports them.
 *
 * @example
 * ```ts
 * import { getSessionMessages, listSessions } from '@hexagent/sessions';
 *
 * const [latest] = await listSessions({ dir: process.cwd(), limit: 1 });
 * if (latest) for (const message of await getSessionMessages(latest.sessionId)) console.log(message.type);
 * ```
 *
 * @packageDocumentation
 */

export { archiveSession, unarchiveSession } from './archive-session.js';
export { deleteSession } from './delete-session.js';
export { forkSession } from './fork-session.js';
export { getSessionInfo } from './get-session-info.js';
export { getSessionMessages } from './get-session-messages.js';
export { type GetSessionUsageOptions, getSessionUsage } from './get-session-usage.js';
export { getSubagentMessages } from './get-subagent-messages.js';
export { importSessionToStore } from './import-session-to-store.js';
export { InvalidSessionArgumentError } from './invalid-session-argument-error.js';
export { listSessions } from './list-sessions.js';
export { listSubagents } from './list-subagents.js';
export { renameSession } from './rename-session.js';
export { SessionNotFoundError } from './session-not-found-error.js';
export { SessionStoreUnsupportedError } from './session-store-unsupported-error.js';
export { tagSession } from './tag-session.js';
