/**
 * The part of a node-redis client the store uses: scripts. A `createClient()` client and a
 * `createCluster()` cluster both fit (a cluster routes each script by its first key).
 */
export interface RedisScriptClient {
  /** EVAL: runs a Lua script. */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** EVALSHA: runs a cached Lua script by its SHA-1. */
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Where the store's Redis is: a client of yours (connected; never closed by the store), or a URL. */
export type RedisConnection =
  | {
      /** A connected node-redis client or cluster. Give it `disableOfflineQueue: true` so commands fail rather than queue while it is disconnected. */
      client: RedisScriptClient;
    }
  | {
      /** A `redis://[[user]:password@]host:port[/db]` URL; the store creates, connects and on `close()` quits the client. */
      url: string;
      /** How long to wait for a connection, in ms; default 5 000. */
      connectTimeoutMs?: number;
    };

/** The options of `new RedisSessionStore(connection, options)`. */
export interface RedisSessionStoreOptions {
  /** The start of every key; default `hexagent:session:`. No `{` or `}`. Separates stores on one server. */
  prefix?: string;
  /**
   * Expire a session this many seconds after its last append (every key of the session is
   * refreshed on each append, and the project index drops it from listings); default: never.
   */
  ttlSeconds?: number;
  /** How long one store call may take before it fails, in ms; default 15 000 (the SDK gives `append()` 60 s). */
  operationTimeoutMs?: number;
  /** How often an append retries after a concurrent append to the same session won the race; default 100. */
  maxAppendAttempts?: number;
}
