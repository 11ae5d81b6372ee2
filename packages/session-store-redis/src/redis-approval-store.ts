import {
  type ApprovalQuery,
  type ApprovalRecord,
  type ApprovalStore,
  ENDED_APPROVAL_STATUSES,
  type StoredApproval,
} from '@hexagent/core';
import * as scripts from './redis-approval-scripts.js';
import { RedisConnection } from './redis-connection.js';
import { checkPrefix } from './redis-keys.js';
import type { RedisConnection as RedisConnectionOptions } from './redis-session-store-options.js';

/** The options of `new RedisApprovalStore(connection, options)`. */
export interface RedisApprovalStoreOptions {
  /** The start of every key; default `hexagent:`. No `{` or `}`. Every key is `<prefix>{approvals}:…`. */
  prefix?: string;
  /** How long one store call may take before it fails, in ms; default 15 000. */
  operationTimeoutMs?: number;
}

/**
 * An `ApprovalStore` on Redis: the approvals of durable runs (pending tool calls and their
 * decisions). Each change is one Lua script that compares the record's version and moves it between
 * status indexes atomically, so of any number of deciders in any number of processes exactly one
 * wins. Every key shares the hash tag `{approvals}`, so on a Cluster all approvals live on one node
 * (they are few and small; sessions are spread as before). `now()` is the server's `TIME`. Run the
 * server with `maxmemory-policy noeviction`: an evicted record would lose a decision.
 *
 * @example
 * ```ts
 * const ledger = new ApprovalLedger({ store: new RedisApprovalStore({ url: process.env.REDIS_URL! }) });
 * ```
 * @alpha
 */
export class RedisApprovalStore implements ApprovalStore {
  readonly specificationVersion = 'v1' as const;
  readonly #db: RedisConnection;
  readonly #base: string;

  constructor(connection: RedisConnectionOptions, options: RedisApprovalStoreOptions = {}) {
    this.#base = `${checkPrefix(options.prefix ?? 'hexagent:')}{approvals}`;
    this.#db = new RedisConnection(connection, options.operationTimeoutMs ?? 15_000);
  }

  /** The server's clock, epoch ms. */
  now(): Promise<number> {
    return this.#db.run('approvals.now', async () => Number(await this.#script(scripts.NOW, [])));
  }

  /** Saves `record` at version 1 unless its id exists; answers what is stored. */
  create(record: ApprovalRecord): Promise<{ stored: StoredApproval; created: boolean }> {
    return this.#db.run('approvals.create', async () => {
      const [created, version, json] = (await this.#script(scripts.CREATE, [
        encodeURIComponent(record.id),
        encodeURIComponent(record.sessionId),
        record.status,
        String(record.requestedAt),
        JSON.stringify(record),
      ])) as [number, number, string];
      return { stored: parse(version, json), created: Number(created) === 1 };
    });
  }

  /** The record with `id` and its version, or `null`. */
  get(id: string): Promise<StoredApproval | null> {
    return this.#db.run('approvals.get', async () => {
      const found = (await this.#script(scripts.GET, [encodeURIComponent(id)])) as [number, string] | [];
      return found.length === 0 ? null : parse(found[0], found[1]);
    });
  }

  /** Compare-and-set on the version; `null` when another writer got there first. */
  replace(id: string, expectedVersion: number, record: ApprovalRecord): Promise<StoredApproval | null> {
    return this.#db.run('approvals.replace', async () => {
      const replaced = (await this.#script(scripts.REPLACE, [
        encodeURIComponent(id),
        String(expectedVersion),
        record.status,
        JSON.stringify(record),
      ])) as [number, string] | [];
      return replaced.length === 0 ? null : parse(replaced[0], replaced[1]);
    });
  }

  /** The records matching `query`, oldest request first. */
  list(query: ApprovalQuery = {}): Promise<ApprovalRecord[]> {
    return this.#db.run('approvals.list', async () => {
      const statuses = query.status === undefined ? [] : [query.status].flat();
      const jsons = (await this.#script(scripts.LIST, [
        String(query.limit ?? 100),
        query.sessionId === undefined ? '' : encodeURIComponent(query.sessionId),
        ...statuses,
      ])) as string[];
      // A session's or a status's index is ordered by requestedAt; several statuses' are merged here.
      return jsons
        .map((json) => JSON.parse(json) as ApprovalRecord)
        .sort((a, b) => a.requestedAt - b.requestedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    });
  }

  /** Deletes the ended records requested before `before` (epoch ms); answers how many. */
  deleteEndedBefore(before: number): Promise<number> {
    return this.#db.run('approvals.deleteEndedBefore', async () =>
      Number(await this.#script(scripts.DELETE_ENDED, [String(before), ...ENDED_APPROVAL_STATUSES])),
    );
  }

  /** Quits the client if this store created it (from `url`); a client passed in stays open. */
  close(): Promise<void> {
    return this.#db.close();
  }

  /** Runs a script on the approvals' node: the first key names the hash tag, the base goes first in ARGV. */
  #script(script: string, args: string[]): Promise<unknown> {
    return this.#db.script(script, [`${this.#base}:all`], [this.#base, ...args]);
  }
}

function parse(version: number, json: string): StoredApproval {
  return { record: JSON.parse(json) as ApprovalRecord, version: Number(version) };
}
