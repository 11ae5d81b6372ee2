import type { Clock } from '../../ports/clock.js';
import type { IdSource } from '../../ports/id-source.js';
import type { SDKMirrorErrorMessage } from '../../types/messages/system-event-messages.js';
import type { SessionKey, SessionStore, SessionStoreFlush } from '../../types/session-store/session-store.js';
import { randomIdSource } from '../../util/random-id-source.js';
import { sessionKeyForMirrorPath } from './session-key-for-mirror-path.js';
import { TranscriptMirrorBatcher, type TranscriptMirrorBatcherOptions } from './transcript-mirror-batcher.js';
import { parseTranscriptMirrorFrame } from './transcript-mirror-frame.js';

/** What a {@link TranscriptMirror} mirrors to, and where it reports. */
export interface TranscriptMirrorOptions {
  store: SessionStore;
  /** `<CLAUDE_CONFIG_DIR>/projects` of the CLI, asked when a frame is sent (a resume may change it before spawn). */
  projectsDir: () => string;
  flush?: SessionStoreFlush;
  /** Takes each `mirror_error` message, for the caller's stream. */
  report: (message: SDKMirrorErrorMessage) => void;
  /** Told of a frame whose file is not under `projectsDir` (dropped, as the official SDK drops it). */
  warn?: (message: string) => void;
  /** Retry and threshold settings, for tests. */
  tuning?: Pick<
    TranscriptMirrorBatcherOptions,
    'sendTimeoutMs' | 'backoffMs' | 'maxPendingBytes' | 'maxPendingEntries'
  >;
  /** Where the retry waits and append timeouts are set; default `systemClock`. */
  clock?: Clock;
  /** Where the `uuid` of each `mirror_error` message comes from; default `randomIdSource`. */
  ids?: IdSource;
}

/**
 * A session's side of `sessionStore`: takes the CLI's `transcript_mirror` messages, maps each file
 * to its {@link SessionKey} and appends the entries to the store through a
 * {@link TranscriptMirrorBatcher}; a batch dropped after its retries becomes a `mirror_error`
 * system message. The session flushes it before each `result` and when it ends.
 */
export class TranscriptMirror {
  private readonly batcher: TranscriptMirrorBatcher;
  private readonly options: TranscriptMirrorOptions;

  constructor(options: TranscriptMirrorOptions) {
    this.options = options;
    const ids = options.ids ?? randomIdSource;
    this.batcher = new TranscriptMirrorBatcher({
      ...options.tuning,
      ...(options.clock !== undefined && { clock: options.clock }),
      ...(options.flush !== undefined && { flush: options.flush }),
      send: async (filePath, entries) => {
        const key = this.keyOf(filePath);
        if (key !== undefined) await options.store.append(key, entries);
        else
          options.warn?.(
            `sessionStore: dropping a transcript_mirror frame: ${filePath} is not under ${options.projectsDir()} ` +
              '(the CLI runs with another CLAUDE_CONFIG_DIR?)',
          );
      },
      onError: (filePath, error) => {
        const key = this.keyOf(filePath);
        if (key === undefined) return;
        options.report({
          type: 'system',
          subtype: 'mirror_error',
          error: error.message,
          key,
          uuid: ids.uuid(),
          session_id: key.sessionId,
        });
      },
    });
  }

  /** True when nothing is pending or being sent. */
  get idle(): boolean {
    return this.batcher.idle;
  }

  /** Takes one inbound `transcript_mirror` message; a malformed one is ignored. */
  receive(message: { type: string; [key: string]: unknown }): void {
    const frame = parseTranscriptMirrorFrame(message);
    if (frame !== undefined) this.batcher.enqueue(frame.filePath, frame.entries);
  }

  /** Sends everything pending; never rejects. */
  flush(): Promise<void> {
    return this.batcher.flush().catch(() => {});
  }

  private keyOf(filePath: string): SessionKey | undefined {
    return sessionKeyForMirrorPath(filePath, this.options.projectsDir());
  }
}
