import type { StepRecord, StepStore, StoredStep } from '@hexagent/core';
import { NOW } from './redis-approval-scripts.js';
import { RedisConnection } from './redis-connection.js';
import { checkPrefix } from './redis-keys.js';
import type { RedisConnection as RedisConnectionOptions } from './redis-session-store-options.js';
import * as scripts from './redis-step-scripts.js';

/** Options of {@link RedisStepStore}. */
export interface RedisStepStoreOptions {
  /** Prefix of every key; default `'hexagent:'` (the steps live under `<prefix>{steps}`). */
  prefix?: string;
  /** Milliseconds one operation may take before it fails with `RedisSessionStoreError`; default 15 000. */
  operationTimeoutMs?: number;
}

/**
 * A `StepStore` on Redis: each tool call of a durable run, a hash per call and a sorted set per
 * session under one hash tag (`{steps}`), changed only by Lua scripts (a compare-and-set on the
 * version), so it works on a single server and on Cluster. `now()` is the server's clock (`TIME`).
 * "Survives a crash" of a worker holds; of the Redis server itself only with persistence (AOF) and
 * `maxmemory-policy noeviction`.
 *
 * @example
 * ```ts
 * const steps = new StepLedger({ store: new RedisStepStore({ url: process.env.REDIS_URL! }) });
 * ```
 * @alpha
 */
export class RedisStepStore implements StepStore {
  readonly specificationVersion = 'v1' as const;
  readonly #db: RedisConnection;
  readonly #base: string;

  /** @param connection a URL and client options, or a client of yours (which `close()` leaves open). */
  constructor(connection: RedisConnectionOptions, options: RedisStepStoreOptions = {}) {
    this.#base = `${checkPrefix(options.prefix ?? 'hexagent:')}{steps}`;
    this.#db = new RedisConnection(connection, options.operationTimeoutMs ?? 15_000);
  }

  /** The server's clock, epoch ms. */
  now(): Promise<number> {
    return this.#db.run('steps.now', async () => Number(await this.#script(NOW, [])));
  }

  /** The record of one call and its version, or `null`. */
  get(sessionId: string, toolUseId: string): Promise<StoredStep | null> {
    return this.#db.run('steps.get', async () => {
      const found = (await this.#script(scripts.GET_STEP, ids(sessionId, toolUseId))) as [number, string] | [];
      return found.length === 0 ? null : parse(found[0], found[1]);
    });
  }

  /** Saves `record` at version 1 unless the call has one; answers what is stored. */
  create(record: StepRecord): Promise<{ stored: StoredStep; created: boolean }> {
    return this.#db.run('steps.create', async () => {
      const [created, version, json] = (await this.#script(scripts.CREATE_STEP, [
        ...ids(record.sessionId, record.toolUseId),
        String(record.startedAt),
        JSON.stringify(record),
      ])) as [number, number, string];
      return { stored: parse(version, json), created: Number(created) === 1 };
    });
  }

  /** Compare-and-set on the version; `null` when another writer got there first. */
  replace(
    sessionId: string,
    toolUseId: string,
    expectedVersion: number,
    record: StepRecord,
  ): Promise<StoredStep | null> {
    return this.#db.run('steps.replace', async () => {
      const replaced = (await this.#script(scripts.REPLACE_STEP, [
        ...ids(sessionId, toolUseId),
        String(expectedVersion),
        String(record.startedAt),
        JSON.stringify(record),
      ])) as [number, string] | [];
      return replaced.length === 0 ? null : parse(replaced[0], replaced[1]);
    });
  }

  /** The session's records, oldest start first. */
  list(sessionId: string): Promise<StepRecord[]> {
    return this.#db.run('steps.list', async () => {
      const found = (await this.#script(scripts.LIST_STEPS, [encodeURIComponent(sessionId)])) as string[];
      return found.map((json) => JSON.parse(json) as StepRecord);
    });
  }

  /** Closes the connection if this store opened it (from a URL); a client passed in stays open. */
  close(): Promise<void> {
    return this.#db.close();
  }

  #script(script: string, args: string[]): Promise<unknown> {
    return this.#db.script(script, [`${this.#base}:s`], [this.#base, ...args]);
  }
}

function ids(sessionId: string, toolUseId: string): [string, string] {
  return [encodeURIComponent(sessionId), encodeURIComponent(toolUseId)];
}

function parse(version: number, json: string): StoredStep {
  return { record: JSON.parse(json) as StepRecord, version: Number(version) };
}
