import type { RunControlRecord, RunControlStore, SpendEntry, StoredRunControl } from '@hexagent/core';
import { NOW } from './redis-approval-scripts.js';
import { RedisConnection } from './redis-connection.js';
import { checkPrefix } from './redis-keys.js';
import * as scripts from './redis-run-control-scripts.js';
import type { RedisConnection as RedisConnectionOptions } from './redis-session-store-options.js';

/** The options of `new RedisRunControlStore(connection, options)`. */
export interface RedisRunControlStoreOptions {
  /** The start of every key; default `hexagent:`. No `{` or `}`. Every key is `<prefix>{runs}:…`. */
  prefix?: string;
  /** How long one store call may take before it fails, in ms; default 15 000. */
  operationTimeoutMs?: number;
}

/**
 * A `RunControlStore` on Redis: the control records of queued runs and the spend ledger. A record
 * changes by one Lua script that compares its version; a spend entry by one script that keeps the
 * larger cost and moves the run's and the tenant's daily totals by the difference, so the sums are
 * one `HGET` each. Every key shares the hash tag `{runs}` (one Cluster node: the records are few and
 * small). `now()` is the server's `TIME`. Run the server with `maxmemory-policy noeviction` and
 * persistence (AOF) for a ledger that survives a restart of Redis itself.
 *
 * @example
 * ```ts
 * const control = new RunControlLedger({ store: new RedisRunControlStore({ url: process.env.REDIS_URL! }) });
 * ```
 * @alpha
 */
export class RedisRunControlStore implements RunControlStore {
  readonly specificationVersion = 'v1' as const;
  readonly #db: RedisConnection;
  readonly #base: string;

  constructor(connection: RedisConnectionOptions, options: RedisRunControlStoreOptions = {}) {
    this.#base = `${checkPrefix(options.prefix ?? 'hexagent:')}{runs}`;
    this.#db = new RedisConnection(connection, options.operationTimeoutMs ?? 15_000);
  }

  /** The server's clock, epoch ms. */
  now(): Promise<number> {
    return this.#db.run('runs.now', async () => Number(await this.#script(NOW, [])));
  }

  /** The control record of `runId` and its version, or `null`. */
  getRun(runId: string): Promise<StoredRunControl | null> {
    return this.#db.run('runs.get', async () => {
      const found = (await this.#script(scripts.GET_RUN, [encodeURIComponent(runId)])) as [number, string] | [];
      return found.length === 0 ? null : parse(found[0], found[1]);
    });
  }

  /** Saves `record` at version 1 unless the run has one; answers what is stored. */
  createRun(record: RunControlRecord): Promise<{ stored: StoredRunControl; created: boolean }> {
    return this.#db.run('runs.create', async () => {
      const [created, version, json] = (await this.#script(scripts.CREATE_RUN, [
        encodeURIComponent(record.runId),
        JSON.stringify(record),
      ])) as [number, number, string];
      return { stored: parse(version, json), created: Number(created) === 1 };
    });
  }

  /** Compare-and-set on the version; `null` when another writer got there first. */
  replaceRun(runId: string, expectedVersion: number, record: RunControlRecord): Promise<StoredRunControl | null> {
    return this.#db.run('runs.replace', async () => {
      const replaced = (await this.#script(scripts.REPLACE_RUN, [
        encodeURIComponent(runId),
        String(expectedVersion),
        JSON.stringify(record),
      ])) as [number, string] | [];
      return replaced.length === 0 ? null : parse(replaced[0], replaced[1]);
    });
  }

  /** Writes a spend entry, keeping the larger cost (and the first write's tenant and day). */
  recordSpend(entry: SpendEntry): Promise<void> {
    return this.#db.run('runs.recordSpend', async () => {
      await this.#script(scripts.RECORD_SPEND, [
        encodeURIComponent(entry.runId),
        encodeURIComponent(entry.entryId),
        entry.tenant === undefined ? '' : tenantDay(entry.tenant, entry.day),
        String(entry.costUsd),
      ]);
    });
  }

  /** Dollars spent by the run. */
  runSpend(runId: string): Promise<number> {
    return this.#db.run('runs.runSpend', async () =>
      Number(await this.#script(scripts.TOTAL, ['run', encodeURIComponent(runId)])),
    );
  }

  /** Dollars spent by the tenant on `day`. */
  tenantSpend(tenant: string, day: string): Promise<number> {
    return this.#db.run('runs.tenantSpend', async () =>
      Number(await this.#script(scripts.TOTAL, ['tenant', tenantDay(tenant, day)])),
    );
  }

  /** Quits the client if this store created it (from `url`); a client passed in stays open. */
  close(): Promise<void> {
    return this.#db.close();
  }

  /** Runs a script on the runs' node: the first key names the hash tag, the base goes first in ARGV. */
  #script(script: string, args: string[]): Promise<unknown> {
    return this.#db.script(script, [`${this.#base}:run`], [this.#base, ...args]);
  }
}

function tenantDay(tenant: string, day: string): string {
  return `${encodeURIComponent(tenant)}|${day}`;
}

function parse(version: number, json: string): StoredRunControl {
  return { record: JSON.parse(json) as RunControlRecord, version: Number(version) };
}
