import type { SessionStore, SessionStoreFlush } from '../session-store/session-store.js';

/** Options about the session: which one to run, and what is kept of it. */
export interface SessionOptions {
  /** Continue the most recent session in `cwd` (`--continue`). Not with `resume`. */
  continue?: boolean;
  /** Resume this session id (`--resume=<id>`): its history is loaded and the id kept. */
  resume?: string;
  /** With `resume` or `continue`: go on under a new session id (`--fork-session`). */
  forkSession?: boolean;
  /**
   * With `resume`: keep the conversation only up to this message uuid, inclusive
   * (`--resume-session-at=<uuid>`). Any uuid of the transcript works.
   */
  resumeSessionAt?: string;
  /**
   * With `resumeSessionAt`: the prompt uuid of the turn this resume means to drop
   * (`--resume-drops-turn=<uuid>`). The CLI refuses the resume (an `error_during_execution` result
   * whose message starts with `Resume rejected by --resume-drops-turn:`) when the dropped range holds
   * anything else; that refusal is final, so do not retry it.
   */
  resumeDropsTurn?: string;
  /**
   * The id of a new session, a UUID (`--session-id=<uuid>`). With `resume` or `continue` only
   * together with `forkSession` (it then names the fork).
   */
  sessionId?: string;
  /**
   * `false` keeps the session off the disk (`--no-session-persistence`): no transcript under
   * `~/.claude/projects/`, so it cannot be resumed.
   * @default true
   */
  persistSession?: boolean;
  /**
   * Back up files before the agent changes them, so `rewindFiles()` can restore them
   * (`CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true` in the CLI's environment). An administrator's
   * managed `fileCheckpointingEnabled: false` keeps it off (the CLI decides, as the official SDK
   * documents it).
   */
  enableFileCheckpointing?: boolean;
  /**
   * Mirror transcripts to a store. Not supported by hexagent yet: setting it throws
   * `InvalidOptionError` rather than silently running without the mirror.
   * @alpha
   */
  sessionStore?: SessionStore;
  /**
   * How eagerly entries are flushed to `sessionStore` (`'batched'` by default). Only with `sessionStore`.
   * @alpha
   */
  sessionStoreFlush?: SessionStoreFlush;
  /**
   * How long each `sessionStore.load()` may take on resume, in ms (default 60 000). Only with `sessionStore`.
   * @alpha
   */
  loadTimeoutMs?: number;
}
