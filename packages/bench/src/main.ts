/**
 * `pnpm bench`: hexagent against the floor (the least work any SDK must do) and the official agent
 * SDK, on the same stand-in CLI, in one run. Every trial runs in a fresh process; clients are
 * interleaved (floor, hexagent, official, floor, ...) over several rounds and the medians compared.
 * Then startup cost (import, first query, whether the MCP SDK loads) and time to first message with
 * the real CLI against a scripted model server on 127.0.0.1. Prints a Markdown report on stdout
 * (progress on stderr).
 *
 * Options: `--rounds=<n>` (default 5), `--quick` (1 round, small workloads: a smoke run),
 * `--no-real-cli` (skip the real CLI), `--json=<file>` (also write every raw result).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ScriptedModelServer, text } from '@hexagent/testing';
import type { RealCliTiming } from './real-cli.js';
import { median } from './stats.js';
import {
  CLIENTS,
  type ClientName,
  DIST,
  type StandInMode,
  type TrialResult,
  type TrialSpec,
  WORKER,
} from './workload.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined =>
  args.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))?.split('=')[1] ??
  (args.includes(`--${name}`) ? '' : undefined);
const quick = flag('quick') !== undefined;
const rounds = Number(flag('rounds') ?? (quick ? 1 : 5));
const startupRuns = quick ? 1 : 7;
const realCliRuns = quick ? 1 : 5;
const jsonFile = flag('json');

interface Workload {
  key: string;
  label: string;
  mode: StandInMode;
  count: number;
  concurrency: number;
  warmup: number;
}

const scale = quick ? 0.02 : 1;
const WORKLOADS: Workload[] = [
  {
    key: 'sequential',
    label: 'sequential tool calls',
    mode: 'tools',
    count: 3000 * scale,
    concurrency: 1,
    warmup: 300 * scale,
  },
  {
    key: 'concurrent',
    label: 'concurrent tool calls',
    mode: 'tools',
    count: 5000 * scale,
    concurrency: 32,
    warmup: 500 * scale,
  },
  { key: 'stream100k', label: 'streaming', mode: 'stream', count: 100_000 * scale, concurrency: 1, warmup: 0 },
  { key: 'stream10k', label: 'streaming', mode: 'stream', count: 10_000 * scale, concurrency: 1, warmup: 0 },
];

const progress = (line: string): void => void process.stderr.write(`${line}\n`);

/** Runs `node <script> ...args` in a fresh process and parses the last line it prints as JSON. */
async function runNode<T>(script: string, scriptArgs: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...scriptArgs],
      { cwd: join(DIST, '..'), maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`${script} ${scriptArgs.join(' ')} failed: ${error.message}\n${stderr}`));
          return;
        }
        const last = stdout.trim().split('\n').pop() ?? '';
        resolve(JSON.parse(last) as T);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Round trips and streaming through the stand-in CLI.

const trials: TrialResult[] = [];
for (let round = 1; round <= rounds; round++) {
  for (const workload of WORKLOADS) {
    for (const client of CLIENTS) {
      const spec: TrialSpec = {
        client,
        mode: workload.mode,
        count: workload.count,
        concurrency: workload.concurrency,
        warmup: workload.warmup,
      };
      const result = await runNode<TrialResult>(WORKER, [JSON.stringify(spec)]);
      if (result.standIn.errors > 0) throw new Error(`${client} answered ${result.standIn.errors} tool calls wrongly`);
      trials.push(result);
    }
    progress(`round ${round}/${rounds}: ${workload.key} done`);
  }
}

const trialsOf = (workload: Workload, client: ClientName): TrialResult[] =>
  trials.filter(
    (trial) =>
      trial.spec.client === client &&
      trial.spec.mode === workload.mode &&
      trial.spec.count === workload.count &&
      trial.spec.concurrency === workload.concurrency,
  );
const medianOf = (workload: Workload, client: ClientName, value: (trial: TrialResult) => number): number =>
  median(trialsOf(workload, client).map(value));
const workload = (key: string): Workload => WORKLOADS.find((entry) => entry.key === key) as Workload;

// ---------------------------------------------------------------------------------------------
// 2. Startup: import, first query with and without an in-process server, modules loaded.

type StartupKind = 'import' | 'query' | 'query-server';
interface StartupResult {
  client: 'hexagent' | 'official';
  what: StartupKind;
  importMs: number;
  firstQueryMs?: number;
}
const startup: StartupResult[] = [];
for (let run = 1; run <= startupRuns; run++) {
  for (const what of ['import', 'query', 'query-server'] as const) {
    for (const client of ['hexagent', 'official'] as const) {
      startup.push(await runNode<StartupResult>(join(DIST, 'startup.js'), [client, what]));
    }
  }
}
progress('startup done');
const startupMedian = (client: 'hexagent' | 'official', what: StartupKind, value: 'importMs' | 'firstQueryMs') =>
  median(startup.filter((entry) => entry.client === client && entry.what === what).map((entry) => entry[value] ?? NaN));

/** The packages a fresh process resolved while importing `client` and running one query. */
async function modulesLoaded(client: 'hexagent' | 'official', what: StartupKind): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hexagent-bench-'));
  const log = join(dir, 'modules.txt');
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', join(DIST, 'module-log.js'), join(DIST, 'startup.js'), client, what],
        { cwd: join(DIST, '..'), env: { ...process.env, HEXAGENT_BENCH_MODULE_LOG: log } },
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return (await readFile(log, 'utf8')).split('\n').filter((line) => line !== '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const MCP_SDK = '/@modelcontextprotocol/sdk/';
const hexagentModulesNoServer = await modulesLoaded('hexagent', 'query');
const hexagentModulesServer = await modulesLoaded('hexagent', 'query-server');
const mcpLoadedWithout = hexagentModulesNoServer.some((url) => url.includes(MCP_SDK));
const mcpLoadedWith = hexagentModulesServer.some((url) => url.includes(MCP_SDK));

// ---------------------------------------------------------------------------------------------
// 3. Time to first message with the real CLI, against a scripted model on 127.0.0.1.

const realCli: RealCliTiming[] = [];
if (flag('no-real-cli') === undefined) {
  const server = await ScriptedModelServer.start(() => ({ content: [text('hi')] }));
  try {
    for (let run = 1; run <= realCliRuns; run++) {
      for (const client of ['raw', 'hexagent', 'official']) {
        realCli.push(await runNode<RealCliTiming>(join(DIST, 'real-cli.js'), [client, server.url]));
      }
    }
  } finally {
    await server.close();
  }
  progress('real CLI done');
}
const realMedian = (client: string, value: 'firstMessageMs' | 'resultMs') =>
  median(realCli.filter((entry) => entry.client === client).map((entry) => entry[value]));

// ---------------------------------------------------------------------------------------------
// The report.

const fmt = (value: number, digits = 0): string =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
const ratio = (value: number, base: number): string =>
  Number.isFinite(value / base) ? `${(value / base).toFixed(2)}x` : 'n/a';
const verdict = (ok: boolean): string => (ok ? 'met' : '**not met**');

const seq = workload('sequential');
const conc = workload('concurrent');
const s100 = workload('stream100k');
const s10 = workload('stream10k');
const roundTrip = (trial: TrialResult) => trial.standIn.roundTripUs?.median ?? NaN;
const roundTripP99 = (trial: TrialResult) => trial.standIn.roundTripUs?.p99 ?? NaN;
const perCall = (trial: TrialResult) => (trial.standIn.wallMs * 1000) / trial.standIn.count;
const rate = (trial: TrialResult) => trial.standIn.count / (trial.streamMs / 1000);
const rss = (trial: TrialResult) => trial.maxRssMiB;

type Row = [string, string, (trial: TrialResult) => number, Workload, number];
const rows: Row[] = [
  [`sequential tool call, round trip median (N=${seq.count})`, 'µs', roundTrip, seq, 1],
  [`sequential tool call, round trip p99 (N=${seq.count})`, 'µs', roundTripP99, seq, 1],
  [`concurrent tool calls, wall time per call (N=${conc.count}, K=${conc.concurrency})`, 'µs', perCall, conc, 1],
  [`concurrent tool calls, round trip median (K=${conc.concurrency})`, 'µs', roundTrip, conc, 1],
  [`streaming ${fmt(s100.count)} messages`, 'msg/s', rate, s100, 0],
  [`peak RSS, streaming ${fmt(s10.count)} messages`, 'MiB', rss, s10, 0],
  [`peak RSS, streaming ${fmt(s100.count)} messages`, 'MiB', rss, s100, 0],
];

const lines: string[] = [];
const out = (line = ''): void => void lines.push(line);
const cpu = cpus()[0]?.model ?? 'unknown CPU';
out(
  `Run ${new Date().toISOString()} on ${availableParallelism()} CPUs (${cpu}), ${fmt(totalmem() / 2 ** 30, 1)} GiB RAM, Node.js ${process.version}.`,
);
out(`Medians of ${rounds} interleaved rounds (floor, hexagent, official), each trial in a fresh process.`);
out();
out('| workload (stand-in CLI) | unit | floor | hexagent | official | hexagent / floor | official / floor |');
out('|---|---|--:|--:|--:|--:|--:|');
const medians = new Map<string, Record<ClientName, number>>();
for (const [label, unit, value, load, digits] of rows) {
  const m = Object.fromEntries(CLIENTS.map((client) => [client, medianOf(load, client, value)])) as Record<
    ClientName,
    number
  >;
  medians.set(label, m);
  out(
    `| ${label} | ${unit} | ${fmt(m.floor, digits)} | ${fmt(m.hexagent, digits)} | ${fmt(m.official, digits)} | ${ratio(m.hexagent, m.floor)} | ${ratio(m.official, m.floor)} |`,
  );
}
out();
out('| startup (fresh process) | hexagent | official | hexagent / official |');
out('|---|--:|--:|--:|');
const startupRows: [string, StartupKind, 'importMs' | 'firstQueryMs'][] = [
  ['import the SDK, ms', 'import', 'importMs'],
  ['import + first query, no in-process server, ms', 'query', 'firstQueryMs'],
  ['import + first query with an in-process tool call, ms', 'query-server', 'firstQueryMs'],
];
for (const [label, what, value] of startupRows) {
  const h = startupMedian('hexagent', what, value);
  const o = startupMedian('official', what, value);
  out(`| ${label} | ${fmt(h, 1)} | ${fmt(o, 1)} | ${ratio(h, o)} |`);
}
out(`| modules resolved by import + query, no in-process server | ${hexagentModulesNoServer.length} | | |`);
out(
  `| \`@modelcontextprotocol/sdk\` loaded without / with an in-process server | ${mcpLoadedWithout ? 'yes' : 'no'} / ${mcpLoadedWith ? 'yes' : 'no'} | | |`,
);
if (realCli.length > 0) {
  out();
  out('| real Claude Code CLI, scripted model on 127.0.0.1 | raw spawn | hexagent | official |');
  out('|---|--:|--:|--:|');
  out(
    `| time to first message, ms | ${fmt(realMedian('raw', 'firstMessageMs'))} | ${fmt(realMedian('hexagent', 'firstMessageMs'))} | ${fmt(realMedian('official', 'firstMessageMs'))} |`,
  );
  out(
    `| time to result, ms | ${fmt(realMedian('raw', 'resultMs'))} | ${fmt(realMedian('hexagent', 'resultMs'))} | ${fmt(realMedian('official', 'resultMs'))} |`,
  );
}

const get = (index: number): Record<ClientName, number> =>
  medians.get(rows[index]?.[0] ?? '') as Record<ClientName, number>;
const [seqM, concM, rateM, rss10, rss100] = [get(0), get(2), get(4), get(5), get(6)];
const importH = startupMedian('hexagent', 'import', 'importMs');
const importO = startupMedian('official', 'import', 'importMs');
out();
out('| target | measured | |');
out('|---|---|---|');
out(
  `| sequential round trip <= 1.25x floor, ahead of official | ${ratio(seqM.hexagent, seqM.floor)} (official ${ratio(seqM.official, seqM.floor)}) | ${verdict(seqM.hexagent <= 1.25 * seqM.floor && seqM.hexagent < seqM.official)} |`,
);
out(
  `| concurrent (K=32) <= 1.5x floor, ahead of official | ${ratio(concM.hexagent, concM.floor)} (official ${ratio(concM.official, concM.floor)}) | ${verdict(concM.hexagent <= 1.5 * concM.floor && concM.hexagent < concM.official)} |`,
);
out(
  `| streaming >= 0.9x the floor's msg/s | ${(rateM.hexagent / rateM.floor).toFixed(2)}x | ${verdict(rateM.hexagent >= 0.9 * rateM.floor)} |`,
);
out(
  `| memory flat in N (peak RSS 100k <= 1.1x 10k) | ${fmt(rss10.hexagent)} -> ${fmt(rss100.hexagent)} MiB | ${verdict(rss100.hexagent <= 1.1 * rss10.hexagent)} |`,
);
out(`| import <= 0.5x official | ${ratio(importH, importO)} | ${verdict(importH <= 0.5 * importO)} |`);
out(
  `| no MCP SDK without in-process servers | ${mcpLoadedWithout ? 'loaded' : 'not loaded'} | ${verdict(!mcpLoadedWithout)} |`,
);

process.stdout.write(`${lines.join('\n')}\n`);
if (jsonFile !== undefined && jsonFile !== '') {
  await writeFile(jsonFile, JSON.stringify({ trials, startup, realCli, hexagentModulesNoServer }, null, 2));
}
