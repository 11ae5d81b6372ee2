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
  ['hexagent', 'pool-startup', false],
  ['hexagent', 'pool-recycled', false],
  ['hexagent', 'second-turn', false],
  ['official', 'second-turn', false],
  ['hexagent', 'cold', true],
  ['official', 'cold', true],
  ['hexagent', 'startup', true],
  ['official', 'startup', true],
];

/** The goal of issue 17: a pool claim at most this multiple of the official `startup()` once ready. */
export const POOL_CLAIM_GOAL = 0.7;

/** `runs` rounds of every start, each in a fresh process, the order rotating every round. */
export async function runFirstMessage(runs: number): Promise<FirstMessageTiming[]> {
  const timings: FirstMessageTiming[] = [];
  const server = await ScriptedModelServer.start(() => ({ content: [text('hi')] }));
  try {
    for (let run = 0; run < runs; run++) {
      for (let i = 0; i < STARTS.length; i++) {
        const [client, mode, withServer] = STARTS[(i + run) % STARTS.length] as (typeof STARTS)[number];
        const args = [client, mode, server.url, ...(withServer ? ['server'] : [])];
        timings.push(await runNode<FirstMessageTiming>(join(DIST, 'first-message.js'), args));
      }
    }
  } finally {
    await server.close();
  }
  process.stderr.write('first message done\n');
  return timings;
}

type Reading = 'fromImportMs' | 'fromCallMs' | 'afterReadyMs';
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
  ['`pool.query()`, spare parked (official: `prewarm()` + `claim()`)', 'pool', 'afterReadyMs', false, 'prewarm'],
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
    `Time to the first assistant message, real Claude Code CLI against a scripted model on 127.0.0.1, the same options for both SDKs (an in-process server only where the row says so: one tool, built with each SDK's own \`createSdkMcpServer\`, not called): medians (and ranges) of ${runs} fresh processes each, ms.`,
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
  const startupClaim = reading(timings, 'hexagent', 'pool-startup', 'afterReadyMs').median;
  const recycledClaim = reading(timings, 'hexagent', 'pool-recycled', 'afterReadyMs').median;
  const ratio = (against: number, what: string, of = claim) =>
    `${times(of / against)} (${fmt(of)} / ${fmt(against)} ms ${what})`;
  const startupReady = reading(timings, 'official', 'startup', 'afterReadyMs').median;
  const startupCall = reading(timings, 'official', 'startup', 'fromCallMs').median;
  const floor = reading(timings, 'hexagent', 'second-turn', 'afterReadyMs').median;
  const officialFloor = reading(timings, 'official', 'second-turn', 'afterReadyMs').median;
  const meets = (ms: number) => (Number.isFinite(ms / startupReady) ? ms <= POOL_CLAIM_GOAL * startupReady : undefined);
  lines.push(
    '',
    "| pool claim (`spareStart: 'prewarm'` spare, the default) against | ratio | |",
    '|---|---|---|',
    `| official \`startup()\` once ready (goal: at most ${POOL_CLAIM_GOAL}x) | ${ratio(startupReady, 'official startup() once ready')} | ${verdict(meets(claim))} |`,
    `| official \`startup()\` from its call | ${ratio(startupCall, 'official startup() from the call')} | ${verdict('info')} |`,
    `| the floor (second turn on a live session, hexagent; official ${fmt(officialFloor)} ms) | ${ratio(floor, 'second turn')} | ${verdict('info')} |`,
    '',
    "| pool claim (`spareStart: 'startup'` spare) against | ratio | |",
    '|---|---|---|',
    `| official \`startup()\` once ready (goal: at most ${POOL_CLAIM_GOAL}x) | ${ratio(startupReady, 'official startup() once ready', startupClaim)} | ${verdict(meets(startupClaim))} |`,
    `| the floor (second turn on a live session, hexagent) | ${ratio(floor, 'second turn', startupClaim)} | ${verdict('info')} |`,
    '',
    '| pool claim (a recycled CLI, `recycle`) against | ratio | |',
    '|---|---|---|',
    `| official \`startup()\` once ready (goal: at most ${POOL_CLAIM_GOAL}x) | ${ratio(startupReady, 'official startup() once ready', recycledClaim)} | ${verdict(meets(recycledClaim))} |`,
    `| the floor (second turn on a live session, hexagent) | ${ratio(floor, 'second turn', recycledClaim)} | ${verdict('info')} |`,
  );
  return lines;
}
