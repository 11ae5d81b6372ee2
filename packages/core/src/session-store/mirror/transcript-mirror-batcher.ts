import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { SessionStoreEntry } from '../../types/session-store/session-store.js';
import { systemClock } from '../../util/system-clock.js';
import { approximateJsonSize } from './approximate-json-size.js';

/** Entries pending before a batched mirror flushes on its own (the official threshold). */
export const MIRROR_MAX_PENDING_ENTRIES = 500;
/** Serialized bytes pending before a batched mirror flushes on its own (1 MiB, the official threshold). */
export const MIRROR_MAX_PENDING_BYTES = 1_048_576;
/** How long one `append()` may take; a timed-out call is not retried, as it may still land. */
export const MIRROR_APPEND_TIMEOUT_MS = 60_000;
/** The waits between attempts: three attempts in all. */
export const MIRROR_RETRY_BACKOFF_MS: readonly number[] = [200, 800];

/** How a {@link TranscriptMirrorBatcher} sends and reports. */
export interface TranscriptMirrorBatcherOptions {
  /** Sends one file's entries (the store's `append` behind the path-to-key mapping). */
  send: (filePath: string, entries: SessionStoreEntry[]) => Promise<void>;
  /** Told once per batch dropped after the last attempt (or a timeout). */
  onError?: (filePath: string, error: Error) => void;
  /** `'eager'`: every frame is its own batch, sent at once; `'batched'` (default): see the class. */
  flush?: 'batched' | 'eager';
  sendTimeoutMs?: number;
  backoffMs?: readonly number[];
  maxPendingEntries?: number;
  maxPendingBytes?: number;
  /** Where the retry waits and the append timeout are set; default `systemClock`. */
  clock?: Clock;
}

/**
 * Buffers the CLI's transcript frames and hands them to a session store, with the official
 * policy: batched, it sends when {@link flush} is called (at each turn's end and when the session
 * ends) or when more than 500 entries or 1 MiB are pending (the size estimated, not serialized); eager, it sends each frame at once as
 * its own batch. One flush's frames are grouped per file, in order; flushes run one after another,
 * so a store sees appends in the order the CLI wrote them. Each batch is tried three times (200 ms,
 * then 800 ms apart); a call that outlives `sendTimeoutMs` (60 s) is not retried. A batch that fails
 * is dropped and reported to `onError`; nothing is thrown to the caller.
 */
export class TranscriptMirrorBatcher {
  private readonly options: TranscriptMirrorBatcherOptions;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private pending: Array<{ filePath: string; entries: SessionStoreEntry[] }> = [];
  private pendingEntries = 0;
  private pendingBytes = 0;
  /** The chain of drains: each waits for the one before it. */
  private tail: Promise<void> = Promise.resolve();
  private running = 0;

  constructor(options: TranscriptMirrorBatcherOptions) {
    this.options = options;
    const eager = options.flush === 'eager';
    this.maxEntries = eager ? 0 : (options.maxPendingEntries ?? MIRROR_MAX_PENDING_ENTRIES);
    this.maxBytes = eager ? 0 : (options.maxPendingBytes ?? MIRROR_MAX_PENDING_BYTES);
  }

  /** True when nothing is pending and no append is under way: a flush would have nothing to wait for. */
  get idle(): boolean {
    return this.pending.length === 0 && this.running === 0;
  }

  /** Takes one frame; sends at once past a threshold (always, when eager), otherwise at the next flush. */
  enqueue(filePath: string, entries: SessionStoreEntry[]): void {
    this.pending.push({ filePath, entries });
    this.pendingEntries += entries.length;
    // Measured only when a byte limit can be reached before the entry limit, the usual case.
    if (this.maxEntries === 0 || this.pendingEntries > this.maxEntries) {
      void this.flush();
      return;
    }
    this.pendingBytes += approximateJsonSize(entries);
    if (this.pendingBytes > this.maxBytes) void this.flush();
  }

  /** Sends everything pending, after any send already under way; resolves when all of it is settled. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.pendingEntries = 0;
    this.pendingBytes = 0;
    if (batch.length === 0 && this.running === 0) return Promise.resolve();
    this.running++;
    const previous = this.tail;
    const run = previous.then(() => this.send(batch)).finally(() => this.running--);
    this.tail = run;
    return run;
  }

  private async send(batch: Array<{ filePath: string; entries: SessionStoreEntry[] }>): Promise<void> {
    const byFile = new Map<string, SessionStoreEntry[]>();
    for (const { filePath, entries } of batch) {
      const list = byFile.get(filePath);
      if (list === undefined) byFile.set(filePath, entries.slice());
      else list.push(...entries);
    }
    for (const [filePath, entries] of byFile) await this.sendWithRetry(filePath, entries);
  }

  private async sendWithRetry(filePath: string, entries: SessionStoreEntry[]): Promise<void> {
    const backoff = this.options.backoffMs ?? MIRROR_RETRY_BACKOFF_MS;
    const timeoutMs = this.options.sendTimeoutMs ?? MIRROR_APPEND_TIMEOUT_MS;
    const clock = this.options.clock ?? systemClock;
    let lastError: Error | undefined;
    for (let attempt = 0; attempt <= backoff.length; attempt++) {
      const outcome = await withTimeout(() => this.options.send(filePath, entries), timeoutMs, clock);
      if (outcome === 'ok') return;
      if (outcome === 'timeout') {
        lastError = new Error(`SessionStore.append() timed out after ${timeoutMs}ms for ${filePath}`);
        break;
      }
      lastError = outcome;
      const wait = backoff[attempt];
      if (wait === undefined) break;
      // Not unref'd: a retry pending keeps the process alive, so the batch is not dropped at exit.
      await new Promise<void>((resolve) => clock.setTimeout(resolve, wait));
    }
    try {
      if (lastError !== undefined) this.options.onError?.(filePath, lastError);
    } catch {
      // A throwing error callback must not stop the next batches.
    }
  }
}

async function withTimeout(
  call: () => Promise<void>,
  timeoutMs: number,
  clock: Clock,
): Promise<'ok' | 'timeout' | Error> {
  let timer: TimerHandle | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = clock.setTimeout(() => resolve('timeout'), timeoutMs, { unref: true });
  });
  try {
    const attempt = Promise.resolve()
      .then(call)
      .then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    return await Promise.race([attempt, timeout]);
  } finally {
    clock.clearTimeout(timer);
  }
}
