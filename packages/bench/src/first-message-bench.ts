/**
 * The bench's first-message section: fresh processes running `first-message.js` for each SDK and
 * each way to start (cold `query()`, `startup()`, `prewarm()` + `claim()`, hexagent's pool claim of a
 * spare and of a recycled CLI, and the floor: a second turn on a live session; cold and `startup()` also with an in-process
 * server), interleaved round by round against one scripted model on 127.0.0.1, and their tables.
 */
import { join } from 'node:path';
import { ScriptedModelServer, text } from '@hexagent/testing';
import type { FirstMessageTiming } from './first-message.js';
import { fmt, times } from './format.js';
import { runNode } from './run-node.js';
import { median } from './stats.js';
import { verdict } from './targets.js';
import { DIST } from './workload.js';

type Client = FirstMessageTiming['client'];
type Mode = FirstMessageTiming['mode'];

/** Every start of a round: SDK, way to start, with the in-process server. */
const STARTS: ReadonlyArray<readonly [Client, Mode, boolean]> = [
  ['hexagent', 'cold', false],
  ['official', 'cold', false],
  ['hexagent', 'startup', false],
  ['official', 'startup', false],
  ['hexagent', 'prewarm', false],
  ['official', 'prewarm', false],
  ['hexagent', 'pool', false],
  ['hexagent', 'pool-prewarm', false],
  ['hexagent', 'pool-startup', false],
  ['hexagent', 'pool-recycled', false],
  ['hexagent', 'second-turn', false],
  ['official', 'second-turn', false],
  ['hexagent', 'cold', true],
  ['official', 'cold', true],
  ['hexagent', 'startup', true],
  ['official', 'startup', true],
];

/** The goal of issues 17 and 28 for a recycled CLI: at most this multiple of the official `startup()` once ready. */
export const POOL_CLAIM_GOAL = 0.7;

/** Issue 28's goal for a claim of a warm spare: no slower than the official `startup()` once ready. */
export const SPARE_CLAIM_GOAL = 1;

/**
 * How long every warm start waits once ready before its query (and the floor after its first
 * result), ms: the same for both SDKs, long enough for a CLI to finish what it does after `initialize`
 * or after `/clear` (issue 28 measured the pool's spare and recycled CLI 1.5 s after).
 */
export const DEFAULT_SETTLE_MS = 1500;

/** `runs` rounds of every start, each in a fresh process, the order rotating every round. */
export async function runFirstMessage(runs: number, settleMs = DEFAULT_SETTLE_MS): Promise<FirstMessageTiming[]> {
  const timings: FirstMessageTiming[] = [];
  // The arrival of every request on the server's clock (epoch ms), to split each timed window.
  const arrivals: number[] = [];
  const server = await ScriptedModelServer.start(() => {
    arrivals.push(performance.timeOrigin + performance.now());
    return { content: [text('hi')] };
  });
  try {
    for (let run = 0; run < runs; run++) {
      for (let i = 0; i < STARTS.length; i++) {
        const [client, mode, withServer] = STARTS[(i + run) % STARTS.length] as (typeof STARTS)[number];
        const args = [client, mode, server.url, ...(withServer ? ['server'] : []), `settle=${settleMs}`];
        const seen = server.requests.length;
        const timing = await runNode<FirstMessageTiming>(join(DIST, 'first-message.js'), args);
        const first = arrivals.find((at) => at >= timing.timedAtEpochMs && at <= timing.firstAssistantEpochMs);
        if (first !== undefined) timing.toModelRequestMs = first - timing.timedAtEpochMs;
        timing.sideRequests = server.requests.slice(seen).filter((r) => r.kind !== 'main').length;
        timings.push(timing);
        arrivals.length = 0;
      }
    }
  } finally {
    await server.close();
  }
  process.stderr.write('first message done\n');
  return timings;
}

type Reading = 'fromImportMs' | 'fromCallMs' | 'afterReadyMs' | 'toModelRequestMs';
interface Range {
  median: number;
  min: number;
  max: number;
}

function reading(
  timings: readonly FirstMessageTiming[],
  client: Client,
  mode: Mode,
  value: Reading,
  withServer = false,
): Range {
  const all = timings
    .filter((t) => t.client === client && t.mode === mode && (t.withServer ?? false) === withServer)
    .map((t) => t[value] ?? Number.NaN);
  return { median: median(all), min: Math.min(...all), max: Math.max(...all) };
}

const cell = (r: Range) => (Number.isFinite(r.median) ? `${fmt(r.median)} (${fmt(r.min)}-${fmt(r.max)})` : 'n/a');

/** One row of the table: label, mode and reading of both SDKs (the official's mode when it differs). */
type Row = [label: string, mode: Mode, value: Reading, withServer: boolean, officialMode?: Mode];

const ROWS: Row[] = [
  ['cold `query()`, fresh process, from before the SDK import', 'cold', 'fromImportMs', false],
  ['cold `query()`, from the call', 'cold', 'fromCallMs', false],
  ['`startup()` from the call, then `query()`', 'startup', 'fromCallMs', false],
  ['`startup()` once ready, then `query()`', 'startup', 'afterReadyMs', false],
  ['`prewarm()` once ready, then `claim()`', 'prewarm', 'afterReadyMs', false],
  [
    "`pool.query()`, default spare (`spareStart: 'auto'`; official: `startup()` once ready)",
    'pool',
    'afterReadyMs',
    false,
    'startup',
  ],
  [
    "`pool.query()`, `spareStart: 'prewarm'` spare (official: `prewarm()` + `claim()`)",
    'pool-prewarm',
    'afterReadyMs',
    false,
    'prewarm',
  ],
  [
    "`pool.query()`, `spareStart: 'startup'` spare (official: `startup()` once ready)",
    'pool-startup',
    'afterReadyMs',
    false,
    'startup',
  ],
  [
    '`pool.query()` on a recycled CLI (`recycle`; official: `startup()` once ready)',
    'pool-recycled',
    'afterReadyMs',
    false,
    'startup',
  ],
  ['the floor: second turn on a live session (streaming input), from the push', 'second-turn', 'afterReadyMs', false],
  ['with an in-process server: cold `query()`, from the call', 'cold', 'fromCallMs', true],
  ['with an in-process server: `startup()` from the call, then `query()`', 'startup', 'fromCallMs', true],
  ['with an in-process server: `startup()` once ready, then `query()`', 'startup', 'afterReadyMs', true],
];

/** The first-message tables: hexagent beside the official SDK, medians with their ranges; then the pool's goal. */
export function renderFirstMessage(timings: readonly FirstMessageTiming[], runs: number): string[] {
  const lines = [
    `Time to the first assistant message, real Claude Code CLI against a scripted model on 127.0.0.1, the same options for both SDKs (an in-process server only where the row says so: one tool, built with each SDK's own \`createSdkMcpServer\`, not called): medians (and ranges) of ${runs} fresh processes each, ms. Every warm start ("once ready") waits ${fmt(timings[0]?.settleMs ?? 0)} ms once ready (the floor: after the first result) before its query is called, for both SDKs alike; the clock runs from that call to the first assistant message.`,
    '',
    '| start | hexagent | official | hexagent / official |',
    '|---|--:|--:|--:|',
  ];
  for (const [label, mode, value, withServer, officialMode] of ROWS) {
    const h = reading(timings, 'hexagent', mode, value, withServer);
    const o = reading(timings, 'official', officialMode ?? mode, value, withServer);
    lines.push(`| ${label} | ${cell(h)} | ${cell(o)} | ${times(h.median / o.median)} |`);
  }
  const claim = reading(timings, 'hexagent', 'pool', 'afterReadyMs').median;
  const prewarmClaim = reading(timings, 'hexagent', 'pool-prewarm', 'afterReadyMs').median;
  const startupClaim = reading(timings, 'hexagent', 'pool-startup', 'afterReadyMs').median;
  const recycledClaim = reading(timings, 'hexagent', 'pool-recycled', 'afterReadyMs').median;
  const ratio = (against: number, what: string, of = claim) =>
    `${times(of / against)} (${fmt(of)} / ${fmt(against)} ms ${what})`;
  const startupReady = reading(timings, 'official', 'startup', 'afterReadyMs').median;
  const startupCall = reading(timings, 'official', 'startup', 'fromCallMs').median;
  const floor = reading(timings, 'hexagent', 'second-turn', 'afterReadyMs').median;
  const officialFloor = reading(timings, 'official', 'second-turn', 'afterReadyMs').median;
  const meets = (ms: number, goal = SPARE_CLAIM_GOAL) =>
    Number.isFinite(ms / startupReady) ? ms <= goal * startupReady : undefined;
  lines.push(
    '',
    "| pool claim (the default spare, `spareStart: 'auto'`) against | ratio | |",
    '|---|---|---|',
    `| official \`startup()\` once ready (goal: at most ${SPARE_CLAIM_GOAL}x) | ${ratio(startupReady, 'official startup() once ready')} | ${verdict(meets(claim))} |`,
    `| official \`startup()\` from its call | ${ratio(startupCall, 'official startup() from the call')} | ${verdict('info')} |`,
    `| the floor (second turn on a live session, hexagent; official ${fmt(officialFloor)} ms) | ${ratio(floor, 'second turn')} | ${verdict('info')} |`,
    '',
    "| pool claim (`spareStart: 'prewarm'` spare) against | ratio | |",
    '|---|---|---|',
    `| official \`startup()\` once ready | ${ratio(startupReady, 'official startup() once ready', prewarmClaim)} | ${verdict('info')} |`,
    '',
    "| pool claim (`spareStart: 'startup'` spare) against | ratio | |",
    '|---|---|---|',
    `| official \`startup()\` once ready (goal: at most ${SPARE_CLAIM_GOAL}x) | ${ratio(startupReady, 'official startup() once ready', startupClaim)} | ${verdict(meets(startupClaim))} |`,
    `| the floor (second turn on a live session, hexagent) | ${ratio(floor, 'second turn', startupClaim)} | ${verdict('info')} |`,
    '',
    '| pool claim (a recycled CLI, `recycle`) against | ratio | |',
    '|---|---|---|',
    `| official \`startup()\` once ready (goal: at most ${POOL_CLAIM_GOAL}x) | ${ratio(startupReady, 'official startup() once ready', recycledClaim)} | ${verdict(meets(recycledClaim, POOL_CLAIM_GOAL))} |`,
    `| the floor (second turn on a live session, hexagent) | ${ratio(floor, 'second turn', recycledClaim)} | ${verdict('info')} |`,
  );
  lines.push('', ...renderWhereTheTimeGoes(timings), '', ...renderIssue28Targets(timings));
  return lines;
}

/** The warm starts split at the model request's arrival (the model server's clock). */
const TRACED: ReadonlyArray<readonly [string, Client, Mode]> = [
  ['`startup()` once ready, then `query()`', 'official', 'startup'],
  ['`startup()` once ready, then `query()`', 'hexagent', 'startup'],
  ['`prewarm()` once ready, then `claim()`', 'official', 'prewarm'],
  ['`prewarm()` once ready, then `claim()`', 'hexagent', 'prewarm'],
  ["`pool.query()`, default spare (`spareStart: 'auto'`)", 'hexagent', 'pool'],
  ["`pool.query()`, `spareStart: 'prewarm'` spare", 'hexagent', 'pool-prewarm'],
  ["`pool.query()`, `spareStart: 'startup'` spare", 'hexagent', 'pool-startup'],
  ['`pool.query()` on a recycled CLI', 'hexagent', 'pool-recycled'],
  ['the floor: second turn on a live session', 'official', 'second-turn'],
  ['the floor: second turn on a live session', 'hexagent', 'second-turn'],
];

function renderWhereTheTimeGoes(timings: readonly FirstMessageTiming[]): string[] {
  const lines = [
    "Where the time goes: from the call (once ready and settled) to the arrival of the turn's model request at the scripted server (the SDK writing the prompt, the CLI building the turn), and from there to the first assistant message (the answer streamed back, parsed by the CLI and the SDK); medians, ms.",
    '',
    '| start | SDK | call to model request | model request to first message | call to first message |',
    '|---|---|--:|--:|--:|',
  ];
  for (const [label, client, mode] of TRACED) {
    const total = reading(timings, client, mode, 'afterReadyMs');
    if (!Number.isFinite(total.median)) continue;
    const before = reading(timings, client, mode, 'toModelRequestMs');
    const after = median(
      timings
        .filter((t) => t.client === client && t.mode === mode && !t.withServer && t.toModelRequestMs !== undefined)
        .map((t) => (t.afterReadyMs ?? Number.NaN) - (t.toModelRequestMs ?? Number.NaN)),
    );
    lines.push(`| ${label} | ${client} | ${fmt(before.median)} | ${fmt(after)} | ${fmt(total.median)} |`);
  }
  return lines;
}

/** Issue 28's targets for the first message, each against the official measured the same way in this run. */
function renderIssue28Targets(timings: readonly FirstMessageTiming[]): string[] {
  const m = (client: Client, mode: Mode, value: Reading = 'afterReadyMs', withServer = false) =>
    reading(timings, client, mode, value, withServer).median;
  const startup = m('official', 'startup');
  const row = (target: string, ours: number, theirs: number, goal: number) => {
    const ratio = ours / theirs;
    const ok = goal === Number.POSITIVE_INFINITY ? 'info' : Number.isFinite(ratio) ? ratio <= goal : undefined;
    return `| ${target} | ${fmt(ours)} / ${fmt(theirs)} ms = ${times(ratio)} | ${verdict(ok)} |`;
  };
  return [
    '| issue 28 target (warm starts settled the same time, timed from the call) | hexagent / official | |',
    '|---|---|---|',
    row(
      '`pool.query()` on a recycled CLI <= 0.7x the official `startup()` query',
      m('hexagent', 'pool-recycled'),
      startup,
      0.7,
    ),
    row(
      "`pool.query()` on a `spareStart: 'startup'` spare <= the official `startup()` query",
      m('hexagent', 'pool-startup'),
      startup,
      1,
    ),
    row(
      "pool spare claim (default) <= the official `startup()` query: `pool.query()` on the default spare (`spareStart: 'auto'`)",
      m('hexagent', 'pool'),
      startup,
      1,
    ),
    row(
      "(for information) `pool.query()` on a `spareStart: 'prewarm'` spare against the official `startup()` query",
      m('hexagent', 'pool-prewarm'),
      startup,
      Number.POSITIVE_INFINITY,
    ),
    row("`startup()` query within 1.1x the official's", m('hexagent', 'startup'), startup, 1.1),
    row("`prewarm()` + `claim()` within 1.1x the official's", m('hexagent', 'prewarm'), m('official', 'prewarm'), 1.1),
    row(
      "cold `query()` from the call within 1.1x the official's",
      m('hexagent', 'cold', 'fromCallMs'),
      m('official', 'cold', 'fromCallMs'),
      1.1,
    ),
    row(
      "(for information) recycled CLI against the floor, hexagent's second turn",
      m('hexagent', 'pool-recycled'),
      m('hexagent', 'second-turn'),
      Number.POSITIVE_INFINITY,
    ),
  ];
}
