import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import { RedisSessionStoreError, type RedisSessionStoreOperation } from './redis-session-store-error.js';
import type { RedisConnection as RedisConnectionOptions, RedisScriptClient } from './redis-session-store-options.js';

type OwnedClient = ReturnType<typeof createClient>;

/** The longest wait between reconnection tries of a client the store created. */
const RECONNECT_MAX_DELAY_MS = 500;

/**
 * The client of a Redis store (the user's, or one it creates from a URL) and how it runs a script:
 * connected first, bounded by the operation timeout, by SHA with a fallback to the source, every
 * failure a `RedisSessionStoreError` naming the operation. Shared by the session store and the approval store.
 */
export class RedisConnection {
  readonly #client: RedisScriptClient;
  readonly #owned: OwnedClient | undefined;
  #connecting: Promise<unknown> | undefined;
  #wasReady = false;
  readonly #timeoutMs: number;

  constructor(connection: RedisConnectionOptions, timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
    if ('client' in connection) {
      this.#client = connection.client;
      return;
    }
    const owned = createClient({
      url: connection.url,
      // Commands fail at once while disconnected instead of waiting in a queue: no hung turn.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: connection.connectTimeoutMs ?? 5_000,
        // A first connection that fails reports why (the next call tries again); one that worked
        // reconnects in the background, while calls fail fast. Tries stay at most 500 ms apart, so
        // once the server is back the client is too before the SDK's retries of a batch (over ~1 s) run out.
        reconnectStrategy: (retries: number, cause: Error) =>
          this.#wasReady ? Math.min(50 * 2 ** retries, RECONNECT_MAX_DELAY_MS) : cause,
      },
    });
    // Connection errors are reported by the commands that fail; unheard, 'error' would crash the process.
    owned.on('error', () => {});
    owned.on('ready', () => {
      this.#wasReady = true;
    });
    this.#owned = owned;
    this.#client = owned as unknown as RedisScriptClient;
  }

  /** EVALSHA, falling back to EVAL when the server does not have the script cached yet. */
  async script(script: string, keys: string[], args: string[]): Promise<unknown> {
    const options = { keys, arguments: args };
    try {
      return await this.#client.evalSha(sha1(script), options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.#client.eval(script, options);
    }
  }

  /** Runs `work` once connected, bounded by the operation timeout; every failure becomes a `RedisSessionStoreError`. */
  async run<T>(operation: RedisSessionStoreOperation, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RedisSessionStoreError(operation, `no answer within ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
    });
    try {
      return await Promise.race([this.#connected().then(work), timeout]);
    } catch (error) {
      if (RedisSessionStoreError.isInstance(error)) throw error;
      const reason = error instanceof Error ? error.message || error.name : String(error);
      throw new RedisSessionStoreError(operation, reason, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Quits the client if this connection created it (from `url`); a client passed in stays open. */
  async close(): Promise<void> {
    const owned = this.#owned;
    if (owned === undefined || !owned.isOpen) return;
    if (owned.isReady) await owned.close();
    else owned.destroy();
  }

  #connected(): Promise<unknown> {
    if (this.#owned === undefined) return Promise.resolve();
    if (this.#connecting === undefined) {
      const connecting = this.#owned.connect();
      this.#connecting = connecting;
      connecting.catch(() => {
        if (this.#connecting === connecting) this.#connecting = undefined;
      });
    }
    return this.#connecting;
  }
}

const shas = new Map<string, string>();
function sha1(script: string): string {
  let sha = shas.get(script);
  if (sha === undefined) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  return sha;
}
