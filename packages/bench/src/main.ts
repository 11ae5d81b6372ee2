/**
 * `pnpm bench`: hexagent against the floor (the least work any SDK must do) and the official agent
 * SDK, on the same stand-in CLI, in one run. Every trial runs in a fresh process; clients are
 * interleaved (floor, hexagent, official, floor, ...) over several rounds and the medians compared.
 * Then startup cost (import, first query, whether the MCP SDK loads) and time to first message with
 * the real CLI against a scripted model server on 127.0.0.1. Prints a Markdown report on stdout
 * (progress on stderr).
 *
 * Options:
 * - `--rounds=<n>`: rounds of the stand-in trials (default 5; twice as many for the short sequential
 *   and streaming trials, whose medians background load moves most);
 * - `--quick`: one round of small workloads, one run of the rest (a smoke run);
 * - `--only=<sections>`: a comma-separated subset of `sequential,concurrent,stream,memory,startup,real-cli`;
 * - `--json=<file>`: also write every raw result;
 * - `--no-pin`: do not pin the sequential trials to a CPU.
 *
 * Targets are judged on warm readings: tool calls after 2,000 warm-up calls, streaming after 20,000
 * warm-up messages, in the same process. First-use readings (calls 301 to 3,300 of a process, a
 * stream from the start of a fresh process, the second query of a process) are printed beside them
 * for information: they add the time V8 takes to optimize each client's path, which no target names.
 *
 * Pinning (Linux with `taskset` and 2+ CPUs): a sequential round trip is two wake-ups across
 * processes, and whether the scheduler puts the client and the CLI on one CPU or on two changes it
 * several-fold (here ~25 us together, ~85 us apart, for the floor), so unpinned medians mix the two
 * and the ratios swing from run to run. Sequential trials therefore run the client and the stand-in
 * together on CPU 0: the difference between clients is their own work. The throughput trials are
 * left to the scheduler: pinned apart, a client would also keep V8's background GC threads off the
 * other CPU, which no real deployment does.
 */
import { execFile, spawnSync } from 'node:child_process';
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

const SECTIONS = ['sequential', 'concurrent', 'stream', 'memory', 'startup', 'real-cli'] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const arg = args.find((entry) => entry === `--${name}` || entry.startsWith(`--${name}=`));
  return arg === undefined ? undefined : (arg.split('=')[1] ?? '');
};
const quick = option('quick') !== undefined;
const rounds = Number(option('rounds') ?? (quick ? 1 : 5));
const startupRuns = quick ? 1 : 7;
const realCliRuns = quick ? 1 : 5;
const only = option('only')?.split(',');
const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) throw new Error(`unknown sections ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
const runs = (section: Section): boolean => only === undefined || only.includes(section);

interface Workload {
  key: string;
  section: Section;
  mode: StandInMode;
  count: number;
  concurrency: number;
  warmup: number;
  heapSampleEvery?: number;
  /** Measure the second query of the process, after a full GC (see `TrialSpec.secondQuery`). */
  secondQuery?: boolean;
  /** Rounds relative to `--rounds`. */
  roundsFactor?: number;
  /** Run the client and the stand-in together on CPU 0 (when pinning is possible). */
  pin?: boolean;
}

const scale = quick ? 0.02 : 1;
const WORKLOADS: Workload[] = [
  // Measured after 2,000 warm-up calls, as the concurrent trial is: what a call costs once the
  // process is warm. Every client's round trip keeps falling over its first ~3,000 calls while V8
  // optimizes its path (the floor's too: ~31 us over the first 100 calls, ~18 us after 3,000).
  {
    key: 'sequential',
    section: 'sequential',
    mode: 'tools',
    count: 3000,
    concurrency: 1,
    warmup: 2000,
    roundsFactor: 2,
    pin: true,
  },
  // The same 3,000 calls after only 300 warm-up calls (this trial's setting until 2026-11-21):
  // calls 301 to 3,300 of a fresh process, most of them before the path is optimized.
  {
    key: 'sequentialEarly',
    section: 'sequential',
    mode: 'tools',
    count: 3000,
    concurrency: 1,
    warmup: 300,
    roundsFactor: 2,
    pin: true,
  },
  { key: 'concurrent', section: 'concurrent', mode: 'tools', count: 20_000, concurrency: 32, warmup: 2000 },
  { key: 'stream100k', section: 'stream', mode: 'stream', count: 100_000, concurrency: 1, warmup: 0, roundsFactor: 2 },
  // The same 100k, measured after 20k warm-up messages in the same stream, as the tool-call trials
  // are measured after theirs: what a message costs once the process is warm.
  {
    key: 'stream100kWarm',
    section: 'stream',
    mode: 'stream',
    count: 100_000,
    concurrency: 1,
    warmup: 20_000,
    roundsFactor: 2,
  },
  // The same 100k as the second query of a process, after a full GC: what a stream costs in a
  // long-lived agent process, without the first query's one-time costs (lazy loading, the GC of
  // the startup garbage, which otherwise lands in the stream).
  {
    key: 'stream100kSecond',
    section: 'stream',
    mode: 'stream',
    count: 100_000,
    concurrency: 1,
    warmup: 0,
    roundsFactor: 2,
    secondQuery: true,
  },
  { key: 'mem10k', section: 'memory', mode: 'stream', count: 10_000, concurrency: 1, warmup: 0, heapSampleEvery: 1000 },
  {
    key: 'mem100k',
    section: 'memory',
    mode: 'stream',
    count: 100_000,
    concurrency: 1,
    warmup: 0,
    heapSampleEvery: 1000,
  },
].map((workload) => ({
  ...workload,
  section: workload.section as Section,
  mode: workload.mode as StandInMode,
  count: Math.ceil(workload.count * scale),
  warmup: Math.ceil(workload.warmup * scale),
  ...(workload.heapSampleEvery !== undefined && { heapSampleEvery: Math.ceil(workload.heapSampleEvery * scale) }),
}));

const progress = (line: string): void => void process.stderr.write(`${line}\n`);

const pinned =
  option('no-pin') === undefined &&
  process.platform === 'linux' &&
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/**
 * Runs `node [flags] <script> ...args` in a fresh process (on `cpu` alone, when given) and parses the
 * last line it prints as JSON.
 */
function runNode<T>(
  script: string,
  scriptArgs: string[],
  flags: string[] = [],
  env = process.env,
  cpu?: number,
): Promise<T> {
  const command = [process.execPath, ...flags, script, ...scriptArgs];
  if (cpu !== undefined) command.unshift('taskset', '-c', String(cpu));
  return new Promise((resolve, reject) => {
    execFile(
      command[0] as string,
      command.slice(1),
      { cwd: join(DIST, '..'), env, maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${script} ${scriptArgs.join(' ')} failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as T);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Round trips, streaming and memory through the stand-in CLI.

const workloads = WORKLOADS.filter((workload) => runs(workload.section));
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
      if (result.standIn.errors > 0) throw new Error(`${client} answered ${result.standIn.errors} tool calls wrongly`);
      trials.push(result);
    }
    progress(`round ${round}/${rounds * (workload.roundsFactor ?? 1)}: ${workload.key} done`);
  }
}

const medianOf = (workload: Workload, client: ClientName, value: (trial: TrialResult) => number): number =>
  median(
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
let modulesNoServer: string[] = [];
let modulesServer: string[] = [];
if (runs('startup')) {
  for (let run = 1; run <= startupRuns; run++) {
    for (const what of ['import', 'query', 'query-server'] as const) {
      for (const client of ['hexagent', 'official'] as const) {
        startup.push(await runNode<StartupResult>(join(DIST, 'startup.js'), [client, what]));
      }
    }
  }
  modulesNoServer = await modulesResolved('query');
  modulesServer = await modulesResolved('query-server');
  progress('startup done');
}
const startupMedian = (client: 'hexagent' | 'official', what: StartupKind, value: 'importMs' | 'firstQueryMs') =>
  median(startup.filter((entry) => entry.client === client && entry.what === what).map((entry) => entry[value] ?? NaN));

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
const MCP_SDK = '/@modelcontextprotocol/sdk/';

// ---------------------------------------------------------------------------------------------
// 3. Time to first message with the real CLI, against a scripted model on 127.0.0.1.

const realCli: RealCliTiming[] = [];
if (runs('real-cli')) {
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
const times = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
const verdict = (ok: boolean | 'info' | undefined): string =>
  ok === 'info' ? 'for information' : ok === undefined ? 'not run' : ok ? 'met' : '**not met**';
const byKey = (key: string): Workload => WORKLOADS.find((workload) => workload.key === key) as Workload;

const roundTrip = (trial: TrialResult) => trial.standIn.roundTripUs?.median ?? NaN;
const roundTripP99 = (trial: TrialResult) => trial.standIn.roundTripUs?.p99 ?? NaN;
const perCall = (trial: TrialResult) => (trial.standIn.wallMs * 1000) / trial.standIn.count;
const rate = (trial: TrialResult) => trial.standIn.count / (trial.streamMs / 1000);
const rss = (trial: TrialResult) => trial.maxRssMiB;
const liveHeap = (trial: TrialResult) => trial.peakLiveHeapMiB ?? NaN;

const seq = byKey('sequential');
const seqEarly = byKey('sequentialEarly');
const conc = byKey('concurrent');
const s100 = byKey('stream100k');
const s100warm = byKey('stream100kWarm');
const s100second = byKey('stream100kSecond');
const m10 = byKey('mem10k');
const m100 = byKey('mem100k');
interface Row {
  key: string;
  label: string;
  unit: string;
  value: (trial: TrialResult) => number;
  workload: Workload;
  digits: number;
}
const rows: Row[] = [
  {
    key: 'seq',
    label: `sequential tool calls (N=${fmt(seq.count)} after ${fmt(seq.warmup)} warm-up calls): round trip, median`,
    unit: 'µs',
    value: roundTrip,
    workload: seq,
    digits: 1,
  },
  {
    key: 'seqP99',
    label: 'sequential tool calls: round trip, p99',
    unit: 'µs',
    value: roundTripP99,
    workload: seq,
    digits: 1,
  },
  {
    key: 'seqEarly',
    label: `sequential tool calls (N=${fmt(seqEarly.count)} after ${fmt(seqEarly.warmup)} warm-up calls): round trip, median`,
    unit: 'µs',
    value: roundTrip,
    workload: seqEarly,
    digits: 1,
  },
  {
    key: 'conc',
    label: `concurrent tool calls (N=${conc.count}, K=${conc.concurrency}): wall time per call`,
    unit: 'µs',
    value: perCall,
    workload: conc,
    digits: 1,
  },
  {
    key: 'concRt',
    label: 'concurrent tool calls: round trip, median',
    unit: 'µs',
    value: roundTrip,
    workload: conc,
    digits: 0,
  },
  {
    key: 'rate',
    label: `streaming ${fmt(s100.count)} messages`,
    unit: 'msg/s',
    value: rate,
    workload: s100,
    digits: 0,
  },
  {
    key: 'rateWarm',
    label: `streaming ${fmt(s100warm.count)} messages after ${fmt(s100warm.warmup)} warm-up messages`,
    unit: 'msg/s',
    value: rate,
    workload: s100warm,
    digits: 0,
  },
  {
    key: 'rateSecond',
    label: `streaming ${fmt(s100second.count)} messages, second query of the process (after a full GC)`,
    unit: 'msg/s',
    value: rate,
    workload: s100second,
    digits: 0,
  },
  {
    key: 'rss',
    label: `streaming ${fmt(s100.count)} messages: peak RSS`,
    unit: 'MiB',
    value: rss,
    workload: s100,
    digits: 0,
  },
  {
    key: 'heap10',
    label: `live heap, peak after GC, streaming ${fmt(m10.count)}`,
    unit: 'MiB',
    value: liveHeap,
    workload: m10,
    digits: 1,
  },
  {
    key: 'heap100',
    label: `live heap, peak after GC, streaming ${fmt(m100.count)}`,
    unit: 'MiB',
    value: liveHeap,
    workload: m100,
    digits: 1,
  },
  {
    key: 'rss10',
    label: `peak RSS, streaming ${fmt(m10.count)} (GC every ${m10.heapSampleEvery})`,
    unit: 'MiB',
    value: rss,
    workload: m10,
    digits: 0,
  },
  {
    key: 'rss100',
    label: `peak RSS, streaming ${fmt(m100.count)} (GC every ${m100.heapSampleEvery})`,
    unit: 'MiB',
    value: rss,
    workload: m100,
    digits: 0,
  },
];

const lines: string[] = [];
const out = (line = ''): void => void lines.push(line);
const medians = new Map<string, Record<ClientName, number>>();
out(
  `Run ${new Date().toISOString()} on ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `${fmt(totalmem() / 2 ** 30, 1)} GiB RAM, Node.js ${process.version}.`,
);
if (trials.length > 0) {
  out(
    `Stand-in CLI trials: medians of ${rounds} interleaved rounds (${rounds * 2} for sequential calls and streaming; ` +
      'floor, hexagent, official), each trial in a fresh process.',
  );
  out(
    pinned
      ? 'Sequential trials pinned: client and stand-in together on CPU 0 (see main.ts); the other trials are not pinned.'
      : 'Not pinned (no taskset, fewer than 2 CPUs, or --no-pin): sequential round trips vary with where the scheduler puts the two processes.',
  );
  out();
  out('| workload (stand-in CLI) | unit | floor | hexagent | official | hexagent / floor | official / floor |');
  out('|---|---|--:|--:|--:|--:|--:|');
  for (const row of rows) {
    if (!workloads.includes(row.workload)) continue;
    const m = Object.fromEntries(CLIENTS.map((client) => [client, medianOf(row.workload, client, row.value)]));
    const values = m as Record<ClientName, number>;
    medians.set(row.key, values);
    out(
      `| ${row.label} | ${row.unit} | ${fmt(values.floor, row.digits)} | ${fmt(values.hexagent, row.digits)} | ` +
        `${fmt(values.official, row.digits)} | ${times(values.hexagent / values.floor)} | ${times(values.official / values.floor)} |`,
    );
  }
}
if (startup.length > 0) {
  out();
  out(`Startup: medians of ${startupRuns} fresh processes each.`);
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
    out(`| ${label} | ${fmt(h, 1)} | ${fmt(o, 1)} | ${times(h / o)} |`);
  }
  out(
    `| modules resolved by import + query without / with an in-process server | ${modulesNoServer.length} / ${modulesServer.length} | | |`,
  );
  const loaded = (modules: string[]) => (modules.some((url) => url.includes(MCP_SDK)) ? 'yes' : 'no');
  out(
    `| \`@modelcontextprotocol/sdk\` loaded without / with an in-process server | ${loaded(modulesNoServer)} / ${loaded(modulesServer)} | | |`,
  );
}
if (realCli.length > 0) {
  out();
  out(
    `Real Claude Code CLI against a scripted model on 127.0.0.1: medians of ${realCliRuns} runs, SDK import excluded.`,
  );
  out();
  out('| real CLI | raw spawn | hexagent | official |');
  out('|---|--:|--:|--:|');
  for (const [label, value] of [
    ['time to first message, ms', 'firstMessageMs'],
    ['time to result, ms', 'resultMs'],
  ] as const) {
    out(
      `| ${label} | ${fmt(realMedian('raw', value))} | ${fmt(realMedian('hexagent', value))} | ${fmt(realMedian('official', value))} |`,
    );
  }
}

const get = (key: string): Record<ClientName, number> | undefined => medians.get(key);
// The throughput targets are judged on the warm readings (after a warm-up in the same process), the
// same way for tool calls and streaming. The first-use readings follow each, for information: what
// a client costs before V8 has optimized its path, which no target names.
const targets: [string, string, boolean | 'info' | undefined][] = [];
for (const [key, when, judged] of [
  ['seq', `after ${fmt(seq.warmup)} warm-up calls`, true],
  ['seqEarly', `after ${fmt(seqEarly.warmup)} warm-up calls`, false],
] as const) {
  const m = get(key);
  if (m === undefined) continue;
  targets.push([
    `sequential round trip <= 1.25x floor, ahead of official (${when})`,
    `${times(m.hexagent / m.floor)} (official ${times(m.official / m.floor)})`,
    judged ? m.hexagent <= 1.25 * m.floor && m.hexagent < m.official : 'info',
  ]);
}
const concM = get('conc');
if (concM !== undefined) {
  targets.push([
    `concurrent (K=${conc.concurrency}) <= 1.5x floor, ahead of official (after ${fmt(conc.warmup)} warm-up calls)`,
    `${times(concM.hexagent / concM.floor)} (official ${times(concM.official / concM.floor)})`,
    concM.hexagent <= 1.5 * concM.floor && concM.hexagent < concM.official,
  ]);
}
for (const [key, when, judged] of [
  ['rateWarm', `after ${fmt(s100warm.warmup)} warm-up messages`, true],
  ['rate', 'from the start of a fresh process', false],
  ['rateSecond', 'second query of a long-lived process', false],
] as const) {
  const m = get(key);
  if (m === undefined) continue;
  targets.push([
    `streaming >= 0.9x the floor's msg/s (${when})`,
    `${times(m.hexagent / m.floor)} (official ${times(m.official / m.floor)})`,
    judged ? m.hexagent >= 0.9 * m.floor : 'info',
  ]);
}
const heap10 = get('heap10');
const heap100 = get('heap100');
if (heap10 !== undefined && heap100 !== undefined) {
  targets.push([
    'memory flat in N: live heap at 100k within 1 MiB of 10k',
    `${fmt(heap10.hexagent, 1)} -> ${fmt(heap100.hexagent, 1)} MiB (floor ${fmt(heap10.floor, 1)} -> ${fmt(heap100.floor, 1)})`,
    heap100.hexagent - heap10.hexagent <= 1,
  ]);
}
if (startup.length > 0) {
  const importH = startupMedian('hexagent', 'import', 'importMs');
  const importO = startupMedian('official', 'import', 'importMs');
  targets.push(['import <= 0.5x official', times(importH / importO), importH <= 0.5 * importO]);
  const mcpLoaded = modulesNoServer.some((url) => url.includes(MCP_SDK));
  targets.push(['no MCP SDK without in-process servers', mcpLoaded ? 'loaded' : 'not loaded', !mcpLoaded]);
}
if (targets.length > 0) {
  out();
  out('| target | measured | |');
  out('|---|---|---|');
  for (const [target, measured, ok] of targets) out(`| ${target} | ${measured} | ${verdict(ok)} |`);
}

process.stdout.write(`${lines.join('\n')}\n`);
const jsonFile = option('json');
if (jsonFile !== undefined && jsonFile !== '') {
  await writeFile(jsonFile, JSON.stringify({ trials, startup, realCli, modulesNoServer, modulesServer }, null, 2));
}
