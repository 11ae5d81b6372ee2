/**
 * End to end: three worker processes on one PostgreSQL (embedded), the real CLI with the scripted
 * model, 12 sessions of two turns each with a tool call per turn. One worker is SIGKILLed mid-run:
 * its jobs expire and are retried on the others, which resume from the session store. Every run
 * of a worker goes through its agent pool (2 CLIs for 3 concurrent jobs), whose cap must hold.
 * Retries are counted: some jobs were retried, and no turn's prompt is in its session's transcript
 * chain more often than its job had attempts (a retry re-sends the prompt on top of what was mirrored).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresSessionStore } from '@hexagent/session-store-postgres';
import { hermeticCliEnv, type RecordedRequest, ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { type AgentJobOutput, enqueueAgentRun, pgBossQueue } from '../../src/index.js';

const connectionString = inject('postgresUrl');
const WORKER = fileURLToPath(new URL('./fixtures/worker-process.mjs', import.meta.url));
const JOBS = 12;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let toolIds = 0;
function model(request: RecordedRequest) {
  const messages = request.body.messages ?? [];
  const json = JSON.stringify(messages);
  const last = messages[messages.length - 1];
  const lastJson = JSON.stringify(last ?? {});
  if (lastJson.includes('tool_result')) {
    const turn = lastJson.includes('toolu_two') ? 'two' : 'one';
    const blocks = (Array.isArray(last?.content) ? last.content : []) as Array<{ type: string; content?: unknown }>;
    const result = blocks.find((block) => block.type === 'tool_result')?.content;
    const sum =
      typeof result === 'string'
        ? result
        : Array.isArray(result)
          ? result.map((part) => (part as { text?: string }).text ?? '').join('')
          : '';
    // The CLI appends a system reminder to a tool result: keep the number the tool returned.
    const total = /^\d+/.exec(sum)?.[0] ?? 'none';
    return { content: [text(`turn ${turn} done (${total}); history has turn one: ${json.includes('turn one')}`)] };
  }
  const turn = lastJson.includes('turn two') ? 'two' : 'one';
  toolIds += 1;
  return { content: [toolUse('mcp__calc__add', { a: toolIds, b: 1 }, `toolu_${turn}_${toolIds}`)] };
}

/** Pids of live processes whose environment names `dir` (the CLIs a worker started, and their children). */
function processesUsing(dirs: string[]): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8');
      if (dirs.some((dir) => environ.includes(dir))) found.push(Number(name));
    } catch {}
  }
  return found;
}

type Entry = { type?: string; uuid?: string; parentUuid?: string | null; message?: { content?: unknown } };

/**
 * The main chain of a transcript: from its last message entry back to the first, through
 * `parentUuid` (what a resume continues from, and what the model is sent).
 */
function mainChain(entries: Entry[]): Entry[] {
  const byUuid = new Map(entries.filter((entry) => entry.uuid !== undefined).map((entry) => [entry.uuid, entry]));
  const isMessage = (entry: Entry) => ['user', 'assistant', 'system'].includes(entry.type ?? '');
  const chain: Entry[] = [];
  let entry = [...entries].reverse().find((candidate) => isMessage(candidate) && candidate.uuid !== undefined);
  while (entry !== undefined && chain.length <= entries.length) {
    chain.push(entry);
    entry = entry.parentUuid ? byUuid.get(entry.parentUuid) : undefined;
  }
  return chain.reverse();
}

/** How many user entries of `chain` are the prompt `prompt` (a string, or one text block). */
function promptsIn(chain: Entry[], prompt: string): number {
  return chain.filter((entry) => {
    if (entry.type !== 'user') return false;
    const content = entry.message?.content;
    if (typeof content === 'string') return content === prompt;
    return Array.isArray(content) && content.some((block) => (block as { text?: unknown }).text === prompt);
  }).length;
}

/** How busy each worker's pool was at each admission (from its `admitted <busy>` lines). */
const admissions = new Map<ChildProcess, number[]>();
/** Resolves when a worker's first tool call starts (its `tool` line): it is mid-run. */
const firstToolCall = new Map<ChildProcess, Promise<void>>();

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => process.stderr.write(`[worker ${child.pid}] ${chunk}`));
  const busy: number[] = [];
  admissions.set(child, busy);
  let toolCalled: () => void = () => {};
  firstToolCall.set(child, new Promise<void>((resolve) => (toolCalled = resolve)));
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('admitted ')) busy.push(Number(line.slice(9)));
      if (line === 'tool') toolCalled();
    }
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
    child.stdout?.once('data', () => resolve(child));
  });
}

describe('agent runs on pg-boss across worker processes', () => {
  it(`${JOBS} two-turn sessions on 3 workers, one SIGKILLed mid-run: all complete, transcripts whole, no CLI left`, async () => {
    const server = await ScriptedModelServer.start(model);
    cleanups.push(() => server.close());
    const store = new PostgresSessionStore({ connectionString });
    await store.migrate();
    cleanups.push(() => store.close());
    const name = `e2e-${Date.now()}`;
    // Expiry must exceed the longest turn on a busy machine too, a CLI's start included (the SDK waits up to
    // 60 s for its answer to initialize; under a load of 30 on 2 cores, turns took over 20 s).
    const queue = pgBossQueue({ connectionString, name, expireInSeconds: 90, retryLimit: 3 });
    cleanups.push(() => queue.close());

    const configDirs: string[] = [];
    const workers: ChildProcess[] = [];
    // The same project directory on every worker (the store keys sessions by it), separate config dirs (hosts).
    const cwd = mkdtempSync(join(tmpdir(), 'hexagent-queue-cwd-'));
    cleanups.push(() => rmSync(cwd, { recursive: true, force: true }));
    for (let i = 0; i < 3; i += 1) {
      const hermetic = await hermeticCliEnv({ baseUrl: server.url });
      cleanups.push(() => hermetic.cleanup());
      configDirs.push(hermetic.configDir);
      workers.push(
        await startWorker({
          DATABASE_URL: connectionString,
          QUEUE_NAME: name,
          CLI_ENV: JSON.stringify(hermetic.env),
          CONCURRENCY: '3',
          POOL_MAX: '2',
          TOOL_DELAY_MS: '300',
          WORKER_CWD: cwd,
        }),
      );
    }
    cleanups.push(() => {
      for (const worker of workers) worker.kill('SIGKILL');
      // A worker killed abruptly (a failed run) leaves its CLIs waiting on a model that is gone: end them too.
      for (const pid of processesUsing(configDirs)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
    });

    const started = Date.now();
    const latencies: number[] = [];
    const timed = async (run: Promise<{ result(): Promise<AgentJobOutput> }>) => {
      const at = Date.now();
      const output = await (await run).result();
      latencies.push(Date.now() - at);
      return output;
    };
    const sessions = Array.from({ length: JOBS }, async (_, i) => {
      const one = await timed(
        enqueueAgentRun(queue, {
          prompt: `job ${i} turn one`,
          options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
        }),
      );
      const two = await timed(
        enqueueAgentRun(queue, {
          prompt: `job ${i} turn two`,
          sessionId: one.sessionId,
          options: { mcpServers: ['calc'], allowedTools: ['mcp__calc__add'] },
        }),
      );
      return { one, two };
    });

    // Kill a worker while it runs CLIs (its jobs are active, its locks held): once a tool call of its runs started.
    const victim = workers[0] as ChildProcess;
    const victimDir = configDirs[0] as string;
    await firstToolCall.get(victim);
    const victimClis = processesUsing([victimDir]);
    expect(victimClis.length).toBeGreaterThan(0);
    victim.kill('SIGKILL');

    const outputs = await Promise.all(sessions);
    const elapsed = Date.now() - started;
    for (const { one, two } of outputs) {
      expect(one.text).toMatch(/^turn one done \(\d+\)/);
      expect(two.text).toMatch(/^turn two done \(\d+\); history has turn one: true$/);
      expect(two.sessionId).toBe(one.sessionId);
    }

    const db = new pg.Client({ connectionString });
    await db.connect();
    cleanups.push(() => db.end());
    const { rows } = await db.query<{ session_id: string; body: string }>(
      `SELECT session_id, string_agg(COALESCE(entry::text, entry_text), E'\\n' ORDER BY seq) AS body
       FROM hexagent.entries WHERE subpath = '' AND session_id = ANY($1) GROUP BY session_id`,
      [outputs.map(({ one }) => one.sessionId)],
    );
    expect(rows).toHaveLength(JOBS);
    for (const row of rows) {
      for (const part of ['turn one', 'turn two', 'turn one done', 'turn two done', 'toolu_one_', 'toolu_two_']) {
        expect(row.body).toContain(part);
      }
    }
    // Each job's attempts: a retry re-sends its prompt on top of what the dead attempt mirrored, so a
    // turn's prompt is in its session's chain at least once and at most once per attempt.
    const jobs = await db.query<{ prompt: string; retry_count: number }>(
      `SELECT data->>'prompt' AS prompt, retry_count FROM pgboss.job WHERE name = $1
       UNION ALL SELECT data->>'prompt' AS prompt, retry_count FROM pgboss.archive WHERE name = $1`,
      [name],
    );
    const attempts = new Map(jobs.rows.map((job) => [job.prompt, job.retry_count + 1]));
    expect(attempts.size).toBe(JOBS * 2);
    const retried = jobs.rows.filter((job) => job.retry_count > 0);
    // The killed worker's jobs were retried.
    expect(retried.length).toBeGreaterThan(0);
    const { rows: entryRows } = await db.query<{ session_id: string; entry: string }>(
      `SELECT session_id, COALESCE(entry::text, entry_text) AS entry FROM hexagent.entries
       WHERE subpath = '' AND session_id = ANY($1) ORDER BY session_id, seq`,
      [outputs.map(({ one }) => one.sessionId)],
    );
    const transcripts = new Map<string, Entry[]>();
    for (const row of entryRows) {
      const list = transcripts.get(row.session_id) ?? [];
      list.push(JSON.parse(row.entry) as Entry);
      transcripts.set(row.session_id, list);
    }
    let resent = 0;
    outputs.forEach(({ one }, i) => {
      const chain = mainChain(transcripts.get(one.sessionId) ?? []);
      for (const prompt of [`job ${i} turn one`, `job ${i} turn two`]) {
        const count = promptsIn(chain, prompt);
        const allowed = attempts.get(prompt) ?? 1;
        expect(count, `${prompt}: ${count} in the chain, ${allowed} attempt(s)`).toBeGreaterThanOrEqual(1);
        expect(count, `${prompt}: ${count} in the chain, ${allowed} attempt(s)`).toBeLessThanOrEqual(allowed);
        if (count > 1) resent += 1;
      }
    });

    for (const worker of workers.slice(1)) worker.kill('SIGTERM');
    await Promise.all(
      workers.slice(1).map((w) => new Promise((r) => (w.exitCode === null ? w.once('exit', r) : r(null)))),
    );
    // Every CLI exits with its worker (the killed one's when their input closes); wait for them to be reaped.
    await vi.waitFor(() => expect(processesUsing(configDirs)).toEqual([]), { timeout: 30_000, interval: 100 });

    // Every run went through a pool (at least one admission per turn) and no pool exceeded its cap.
    const allAdmissions = [...admissions.values()].flat();
    expect(allAdmissions.length).toBeGreaterThanOrEqual(JOBS * 2);
    expect(Math.max(...allAdmissions)).toBeLessThanOrEqual(2);
    expect(workers.every((worker) => (admissions.get(worker)?.length ?? 0) > 0)).toBe(true);

    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    console.log(
      JSON.stringify({
        jobs: JOBS * 2,
        elapsedMs: elapsed,
        jobsPerMinute: Math.round((JOBS * 2 * 60_000) / elapsed),
        latencyMs: { p50: pct(50), p90: pct(90), max: latencies[latencies.length - 1] },
        killedWorkerClis: victimClis.length,
        retriedJobs: retried.length,
        promptsResentByRetries: resent,
        poolAdmissions: allAdmissions.length,
      }),
    );
  }, 900_000);
});
