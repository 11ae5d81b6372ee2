import type { SessionStore } from '../session-store/session-store.js';

/** Options for listing sessions. */
export type ListSessionsOptions = {
  /**
   * Directory to list sessions for. When provided, returns sessions for this project directory
   * (and optionally its git worktrees). When omitted, returns sessions across all projects.
   */
  dir?: string;
  /** Maximum number of sessions to return. */
  limit?: number;
  /** Number of sessions to skip from the start of the sorted result set. Defaults to 0. */
  offset?: number;
  /**
   * When `dir` is provided and the directory is inside a git repository, include sessions from
   * all git worktree paths. Defaults to `true`. Only applies when reading from the local filesystem.
   */
  includeWorktrees?: boolean;
  /**
   * Include programmatic/headless sessions (SDK entrypoints `sdk-cli`, `sdk-ts`, `sdk-py`) and
   * daemon/daemon-worker sessions. Defaults to `true`. Only applies to the local filesystem.
   */
  includeProgrammatic?: boolean;
  /**
   * List sessions from this store instead of the local filesystem. Requires
   * `store.listSessions` to be defined.
   * @alpha
   */
  sessionStore?: SessionStore;
};

/** Options for getSessionInfo. */
export type GetSessionInfoOptions = {
  /**
   * Project directory path (same semantics as `listSessions({ dir })`). When omitted, all project
   * directories are searched for the session file.
   */
  dir?: string;
  /**
   * Load session info from this store instead of the local filesystem.
   * @alpha
   */
  sessionStore?: SessionStore;
};

/** Options for retrieving session messages. */
export type GetSessionMessagesOptions = {
  /** Project directory to find the session in. If omitted, searches all projects. */
  dir?: string;
  /** Maximum number of messages to return. */
  limit?: number;
  /** Number of messages to skip from the start. */
  offset?: number;
  /**
   * Also include system messages (compact boundaries, informational notices) alongside
   * user/assistant messages. Defaults to false.
   */
  includeSystemMessages?: boolean;
  /**
   * Load session messages from this store instead of the local filesystem.
   * @alpha
   */
  sessionStore?: SessionStore;
};

/** Options for retrieving subagent messages. */
export type GetSubagentMessagesOptions = {
  /** Project directory to find the session in. If omitted, searches all projects. */
  dir?: string;
  /** Maximum number of messages to return. */
  limit?: number;
  /** Number of messages to skip from the start. */
  offset?: number;
  /**
   * Load subagent messages from this store instead of the local filesystem.
   * @alpha
   */
  sessionStore?: SessionStore;
};

/** Options for listing subagents. */
export type ListSubagentsOptions = {
  /** Project directory to find the session in. If omitted, searches all projects. */
  dir?: string;
  /**
   * List subagents from this store instead of the local filesystem. Requires
   * `store.listSubkeys` to be defined.
   * @alpha
   */
  sessionStore?: SessionStore;
};

/**
 * Options shared by session mutation functions (renameSession, tagSession, archiveSession,
 * unarchiveSession, deleteSession, forkSession).
 */
export type SessionMutationOptions = {
  /**
   * Project directory path (same semantics as `listSessions({ dir })`). When omitted, all project
   * directories are searched for the session file.
   */
  dir?: string;
  /**
   * Read/write session data via this store instead of the local filesystem. archiveSession and
   * unarchiveSession reject it.
   * @alpha
   */
  sessionStore?: SessionStore;
};

/** Options for forking a session into a new branch. */
export type ForkSessionOptions = SessionMutationOptions & {
  /**
   * Slice the transcript up to the message whose `uuid` equals this value (inclusive). If
   * omitted, full copy. Obtain it from `SessionMessage.uuid` via `getSessionMessages()`.
   */
  upToMessageId?: string;
  /** Custom title for the fork. If omitted, derives from original title + " (fork)". */
  title?: string;
};

/** Result of a fork operation. */
export type ForkSessionResult = {
  /** New session UUID. Resumable via `query({ options: { resume: sessionId } })`. */
  sessionId: string;
};

/**
 * Options for importing a local JSONL session into a SessionStore.
 * @alpha
 */
export type ImportSessionToStoreOptions = {
  /**
   * Project directory path (same semantics as `listSessions({ dir })`). When omitted, all project
   * directories are searched for the session file.
   */
  dir?: string;
  /** If true, also import subagent transcripts. Default: true. */
  includeSubagents?: boolean;
  /** Maximum entries per `store.append()` call. Default: 500. */
  batchSize?: number;
};
