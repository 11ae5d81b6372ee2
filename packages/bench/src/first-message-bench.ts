/**
 * The bench's first-message section: fresh processes running `first-message.js` for each SDK and
 * each way to start (cold `query()`, `startup()`, `prewarm()` + `claim()`, and hexagent's pool
 * claim), interleaved round by round against one scripted model on 127.0.0.1, and their table.
 */
import { join } from 'node:path';
import { ScriptedModelServer, text } from '@hexagent/testing';
import type { FirstMessageTiming } from './first-message.js';
import { fmt, times } from './format.js';
import { runNode } from './run-node.js';
import { median } from './stats.js';
import { DIST } from './workload.js';

const STARTS: ReadonlyArray<readonly [FirstMessageTiming['client'], FirstMessageTiming['mode']]> = [
  ['hexagent', 'cold'],
  ['official', 'cold'],
  ['hexagent', 'startup'],
  ['official', 'startup'],
  ['hexagent', 'prewarm'],
  ['official', 'prewarm'],
  ['hexagent', 'pool'],
];

/** `runs` rounds of every start, each in a fresh process, the order rotating every round. */
export async function runFirstMessage(runs: number): Promise<FirstMessageTiming[]> {
  const timings: FirstMessageTiming[] = [];
  const server = await ScriptedModelServer.start(() => ({ content: [text('hi')] }));
  try {
    for (let run = 0; run < runs; run++) {
      for (let i = 0; i < STARTS.length; i++) {
        const [client, mode] = STARTS[(i + run) % STARTS.length] as (typeof STARTS)[number];
        timings.push(await runNode<FirstMessageTiming>(join(DIST, 'first-message.js'), [client, mode, server.url]));
      }
    }
  } finally {
    await server.close();
  }
  process.stderr.write('first message done\n');
  return timings;
}

type Reading = 'fromImportMs' | 'fromCallMs' | 'afterReadyMs';

function reading(timings: readonly FirstMessageTiming[], client: string, mode: string, value: Reading) {
  const all = timings.filter((t) => t.client === client && t.mode === mode).map((t) => t[value] ?? Number.NaN);
  return { median: median(all), min: Math.min(...all), max: Math.max(...all) };
}

/** The first-message table: hexagent beside the official SDK, medians with their ranges. */
export function renderFirstMessage(timings: readonly FirstMessageTiming[], runs: number): string[] {
  const cell = (r: { median: number; min: number; max: number }) =>
    Number.isFinite(r.median) ? `${fmt(r.median)} (${fmt(r.min)}-${fmt(r.max)})` : 'n/a';
  const rows: Array<[string, FirstMessageTiming['mode'], Reading, FirstMessageTiming['mode']?]> = [
    ['cold `query()`, fresh process, from before the SDK import', 'cold', 'fromImportMs'],
    ['cold `query()`, from the call', 'cold', 'fromCallMs'],
    ['`startup()` from the call, then `query()`', 'startup', 'fromCallMs'],
    ['`startup()` once ready, then `query()`', 'startup', 'afterReadyMs'],
    ['`prewarm()` once ready, then `claim()`', 'prewarm', 'afterReadyMs'],
    ['`pool.query()`, spare parked (official: `prewarm()` + `claim()`)', 'pool', 'afterReadyMs', 'prewarm'],
  ];
  const lines = [
    `Time to the first assistant message, real Claude Code CLI against a scripted model on 127.0.0.1, the same options for both SDKs (no in-process server): medians (and ranges) of ${runs} fresh processes each, ms.`,
    '',
    '| start | hexagent | official | hexagent / official |',
    '|---|--:|--:|--:|',
  ];
  for (const [label, mode, value, officialMode] of rows) {
    const h = reading(timings, 'hexagent', mode, value);
    const o = reading(timings, 'official', officialMode ?? mode, value);
    lines.push(`| ${label} | ${cell(h)} | ${cell(o)} | ${times(h.median / o.median)} |`);
  }
  return lines;
}
