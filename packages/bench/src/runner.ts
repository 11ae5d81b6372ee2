/**
 * The measuring part of a bench run: the stand-in trials (every client in a fresh process, rounds
 * interleaved), startup in fresh processes, and the real CLI against a scripted model on 127.0.0.1.
 */

import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModelServer, text } from '@hexagent/testing';
import type { FirstMessageTiming } from './first-message.js';
import { runFirstMessage } from './first-message-bench.js';
import { type BenchOptions, runsSection } from './options.js';
import type { RealCliTiming } from './real-cli.js';
import { runNode } from './run-node.js';
import type { SessionsResult, SessionsWhat } from './sessions-bench.js';
import { writeSessionsFixture } from './sessions-fixture.js';
import { median } from './stats.js';
import { CLIENTS, type ClientName, DIST, type TrialResult, type TrialSpec, WORKER } from './workload.js';
import type { Workload } from './workloads.js';

const progress = (line: string): void => void process.stderr.write(`${line}\n`);

/** Whether the sequential trials can be pinned: Linux with `taskset`, 2+ CPUs, and no `--no-pin`. */
export function canPin(options: Pick<BenchOptions, 'pin'>): boolean {
  return (
    options.pin &&
    process.platform === 'linux' &&
    availableParallelism() >= 2 &&
    spawnSync('taskset', ['-c', '0', 'true']).status === 0
  );
}

/**
 * Runs every workload for every client, `rounds × roundsFactor` times, interleaved (floor, hexagent,
 * official, floor, ...), each trial in a fresh worker process.
 *
 * @throws Error when a client answered a tool call wrongly.
 */
export async function runStandInTrials(workloads: readonly Workload[], rounds: number, pinned: boolean) {
  const trials: TrialResult[] = [];
  const maxRounds = Math.max(0, ...workloads.map((workload) => rounds * (workload.roundsFactor ?? 1)));
  for (let round = 1; round <= maxRounds; round++) {
    for (const workload of workloads) {
      if (round > rounds * (workload.roundsFactor ?? 1)) continue;
      for (const client of CLIENTS) {
        const { key: _key, section: _section, roundsFactor: _factor, pin, ...rest } = workload;
        const cpus = pinned && pin === true ? { client: 0, standIn: 0 } : undefined;
        const spec: TrialSpec = { client, ...rest, ...(cpus !== undefined && { cpus }) };
        const flags = workload.heapSampleEvery === undefined && workload.secondQuery !== true ? [] : ['--expose-gc'];
        const result = await runNode<TrialResult>(WORKER, [JSON.stringify(spec)], flags, process.env, cpus?.client);
        if (result.standIn.errors > 0)
          throw new Error(`${client} answered ${result.standIn.errors} tool calls wrongly`);
        trials.push(result);
      }
      progress(`round ${round}/${rounds * (workload.roundsFactor ?? 1)}: ${workload.key} done`);
    }
  }
  return trials;
}

/** The median of `value` over the trials of `client` that ran `workload`. */
export function medianOf(
  trials: readonly TrialResult[],
  workload: Workload,
  client: ClientName,
  value: (trial: TrialResult) => number,
): number {
  return median(
    trials
      .filter(
        (trial) =>
          trial.spec.client === client &&
          trial.spec.mode === workload.mode &&
          trial.spec.count === workload.count &&
          trial.spec.warmup === workload.warmup &&
          trial.spec.concurrency === workload.concurrency &&
          trial.spec.heapSampleEvery === workload.heapSampleEvery &&
          (trial.spec.secondQuery === true) === (workload.secondQuery === true),
      )
      .map(value),
  );
}

/** What `startup.js` measures. */
export type StartupKind = 'import' | 'query' | 'query-server';

/** One startup measurement (a fresh process). */
export interface StartupResult {
  client: 'hexagent' | 'official';
  what: StartupKind;
  importMs: number;
  /** From before the import to the query's end. */
  firstQueryMs?: number;
  /** From the call (every import done) to the first assistant message. */
  callToFirstMs?: number;
  /** From the call (every import done) to the `result`. */
  callToResultMs?: number;
}

/** A reading of {@link StartupResult}. */
export type StartupReading = 'importMs' | 'firstQueryMs' | 'callToFirstMs' | 'callToResultMs';

/** The startup measurements, and the modules a query resolves without and with an in-process server. */
export interface StartupRun {
  startup: StartupResult[];
  modulesNoServer: string[];
  modulesServer: string[];
}

/** The URL fragment of the MCP SDK's modules. */
export const MCP_SDK = '/@modelcontextprotocol/sdk/';

/** Startup: import, first query with and without an in-process server, modules loaded. */
export async function runStartup(runs: number): Promise<StartupRun> {
  const startup: StartupResult[] = [];
  for (let run = 1; run <= runs; run++) {
    for (const what of ['import', 'query', 'query-server'] as const) {
      for (const client of ['hexagent', 'official'] as const) {
        startup.push(await runNode<StartupResult>(join(DIST, 'startup.js'), [client, what]));
      }
    }
  }
  const modulesNoServer = await modulesResolved('query');
  const modulesServer = await modulesResolved('query-server');
  progress('startup done');
  return { startup, modulesNoServer, modulesServer };
}

/** Every value of one startup reading of `client`. */
export function startupValues(
  startup: readonly StartupResult[],
  client: 'hexagent' | 'official',
  what: StartupKind,
  value: StartupReading,
): number[] {
  return startup.filter((entry) => entry.client === client && entry.what === what).map((entry) => entry[value] ?? NaN);
}

/** The median of one startup reading of `client`. */
export function startupMedian(
  startup: readonly StartupResult[],
  client: 'hexagent' | 'official',
  what: StartupKind,
  value: StartupReading,
): number {
  return median(startupValues(startup, client, what, value));
}

/** The modules a fresh process resolves while importing @hexagent/sdk and running one query. */
async function modulesResolved(what: StartupKind): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hexagent-bench-'));
  const log = join(dir, 'modules.txt');
  try {
    await runNode(join(DIST, 'startup.js'), ['hexagent', what], ['--import', join(DIST, 'module-log.js')], {
      ...process.env,
      HEXAGENT_BENCH_MODULE_LOG: log,
    });
    return (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Time to first message with the real CLI, against a scripted model on 127.0.0.1. */
export async function runRealCli(runs: number): Promise<RealCliTiming[]> {
  const realCli: RealCliTiming[] = [];
  const server = await ScriptedModelServer.start(() => ({ content: [text('hi')] }));
  try {
    for (let run = 1; run <= runs; run++) {
      for (const client of ['raw', 'hexagent', 'official']) {
        realCli.push(await runNode<RealCliTiming>(join(DIST, 'real-cli.js'), [client, server.url]));
      }
    }
  } finally {
    await server.close();
  }
  progress('real CLI done');
  return realCli;
}

/** The median of one real-CLI reading of `client`. */
export function realCliMedian(
  realCli: readonly RealCliTiming[],
  client: string,
  value: 'firstMessageMs' | 'resultMs',
): number {
  return median(realCli.filter((entry) => entry.client === client).map((entry) => entry[value]));
}

/** How many sessions of how many bytes the session-function bench lists, and the long transcript's length. */
export const SESSIONS_BENCH = { sessions: 1_000, bytesEach: 1_048_576, longEntries: 10_000 } as const;

/**
 * The session functions on generated transcripts: `listSessions` over `sessions` transcripts of
 * 1 MiB and a 100-message page of a 10,000-entry transcript, each run in a fresh process per client,
 * interleaved.
 */
export async function runSessions(runs: number, sessions: number = SESSIONS_BENCH.sessions): Promise<SessionsResult[]> {
  const fixture = await writeSessionsFixture(sessions, SESSIONS_BENCH.bytesEach, SESSIONS_BENCH.longEntries);
  const measured: SessionsResult[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const what of ['list', 'page'] as const) {
        // The order alternates every run, so neither SDK always reads the files first.
        for (const client of run % 2 === 1
          ? (['hexagent', 'official'] as const)
          : (['official', 'hexagent'] as const)) {
          const args = [client, what, fixture.configDir, fixture.projectPath, fixture.longSessionId];
          measured.push(await runNode<SessionsResult>(join(DIST, 'sessions-bench.js'), args));
        }
      }
    }
  } finally {
    await rm(fixture.configDir, { recursive: true, force: true });
  }
  progress('sessions done');
  return measured;
}

/** The median of one session-function reading of `client`. */
export function sessionsMedian(
  sessions: readonly SessionsResult[],
  client: 'hexagent' | 'official',
  what: SessionsWhat,
  value: 'ms' | 'maxRssMb' | 'rssBeforeMb',
): number {
  return median(
    sessions.filter((entry) => entry.client === client && entry.what === what).map((entry) => entry[value]),
  );
}

/** Everything a bench run measured (the `--json` file holds the raw part of it). */
export interface BenchResults extends StartupRun {
  /** Whether the sequential trials were pinned. */
  pinned: boolean;
  /** The workloads that ran. */
  workloads: Workload[];
  trials: TrialResult[];
  realCli: RealCliTiming[];
  /** Time to the first assistant message per SDK and way to start (empty when the section did not run). */
  firstMessage: FirstMessageTiming[];
  /** The session-function measurements (empty when the section did not run). */
  sessions: SessionsResult[];
}

/** Runs the sections `options` asks for. */
export async function runBench(options: BenchOptions, allWorkloads: readonly Workload[]): Promise<BenchResults> {
  const pinned = canPin(options);
  const workloads = allWorkloads.filter((workload) => runsSection(options, workload.section));
  const trials = await runStandInTrials(workloads, options.rounds, pinned);
  const startup = runsSection(options, 'startup')
    ? await runStartup(options.startupRuns)
    : { startup: [], modulesNoServer: [], modulesServer: [] };
  const realCli = runsSection(options, 'real-cli') ? await runRealCli(options.realCliRuns) : [];
  const firstMessage = runsSection(options, 'first-message')
    ? await runFirstMessage(options.realCliRuns, options.settleMs)
    : [];
  const sessions = runsSection(options, 'sessions')
    ? await runSessions(options.realCliRuns, options.quick ? 50 : SESSIONS_BENCH.sessions)
    : [];
  return { pinned, workloads, trials, ...startup, realCli, firstMessage, sessions };
}
