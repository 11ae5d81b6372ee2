/**
 * Session metadata returned by `listSessions` and `getSessionInfo`, as the official SDK reads it
 * from a transcript's head and tail.
 */
export type SDKSessionInfo = {
  /** Unique session identifier (UUID). */
  sessionId: string;
  /** Display title for the session: custom title, auto-generated summary, or first prompt. */
  summary: string;
  /** Last modified time in integer milliseconds since epoch. */
  lastModified: number;
  /** File size in bytes. Only populated for local JSONL storage. */
  fileSize?: number;
  /** User-set session title via /rename (or the title the CLI generated). */
  customTitle?: string;
  /** First meaningful user prompt in the session. */
  firstPrompt?: string;
  /** Git branch at the end of the session. */
  gitBranch?: string;
  /** Working directory for the session. */
  cwd?: string;
  /** User-set session tag. */
  tag?: string;
  /** Creation time in integer milliseconds since epoch, extracted from the first entry's timestamp. */
  createdAt?: number;
  /**
   * Whether the session is archived: false if it was and has been unarchived, or a prompt was sent
   * in it since. Absent if it never was, and with a sessionStore.
   */
  archived?: boolean;
};
