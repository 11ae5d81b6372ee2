/**
 * Traces of the warm starts, both SDKs side by side: `node dist/wire-trace.js [rounds=3] [settle ms=1500]
 * [starts=hexagent:prewarm,official:prewarm,hexagent:pool,hexagent:pool-startup,official:startup,hexagent:startup]`.
 * Each start runs in a fresh process (wire-trace-start.ts), interleaved round by round against one
 * scripted model on 127.0.0.1 whose request arrivals are stamped on the same clock. Prints every
 * trace's timeline from the timed call (ms after it: lines written `W`, read `R`, the model
 * request, the first assistant message) and a summary: medians of the wall time, of the CLI's and
 * of the SDK process's CPU time over the window.
 */
import { join } from 'node:path';
import { ScriptedModelServer, text } from '@hexagent/testing';
import { fmt } from './format.js';
import { runNode } from './run-node.js';
import { median } from './stats.js';
import type { WireTrace } from './wire-trace-start.js';
import { DIST } from './workload.js';

const DEFAULT_STARTS =
  'hexagent:prewarm,official:prewarm,hexagent:pool,hexagent:pool-startup,official:startup,hexagent:startup';
const [roundsArg = '3', settle = '1500', startsArg = DEFAULT_STARTS] = process.argv.slice(2);
const starts = startsArg.split(',').map((start) => start.split(':') as [WireTrace['client'], WireTrace['mode']]);
const arrivals: number[] = [];
const server = await ScriptedModelServer.start(() => {
  arrivals.push(performance.timeOrigin + performance.now());
  return { content: [text('hi')] };
});
const rows = new Map<string, { wall: number[]; request: number[]; cli: number[]; self: number[] }>();
try {
  for (let round = 0; round < Number(roundsArg); round++) {
    for (let i = 0; i < starts.length; i++) {
      const [client, mode] = starts[(i + round) % starts.length] as [WireTrace['client'], WireTrace['mode']];
      arrivals.length = 0;
      const trace = await runNode<WireTrace>(join(DIST, 'wire-trace-start.js'), [client, mode, server.url, settle]);
      const at = (epoch: number) => fmt(epoch - trace.callAt).padStart(8);
      const request = arrivals.find((arrival) => arrival >= trace.callAt);
      const first = trace.events.find(([, what]) => what === 'FIRST_ASSISTANT')?.[0] ?? Number.NaN;
      const timeline = [
        ...trace.events.filter(([epoch]) => epoch >= trace.callAt),
        ...(request === undefined ? [] : [[request, 'MODEL REQUEST arrives'] as [number, string]]),
      ].sort((a, b) => a[0] - b[0]);
      process.stdout.write(
        `\n${client} ${mode} (round ${round + 1}): CLI CPU ${fmt(trace.cliCpuMs)} ms, SDK process CPU ${fmt(trace.selfCpuMs)} ms\n`,
      );
      for (const [epoch, what] of timeline) process.stdout.write(`${at(epoch)}  ${what.slice(0, 110)}\n`);
      const key = `${client} ${mode}`;
      const row = rows.get(key) ?? { wall: [], request: [], cli: [], self: [] };
      row.wall.push(first - trace.callAt);
      row.request.push(request === undefined ? Number.NaN : request - trace.callAt);
      row.cli.push(trace.cliCpuMs);
      row.self.push(trace.selfCpuMs);
      rows.set(key, row);
    }
  }
} finally {
  await server.close();
}
process.stdout.write(
  '\n| start | call to model request | call to first message | CLI CPU | SDK process CPU |\n|---|--:|--:|--:|--:|\n',
);
for (const [key, row] of rows) {
  const cells = [row.request, row.wall, row.cli, row.self].map((values) => fmt(median(values)));
  process.stdout.write(`| ${key} | ${cells.join(' | ')} |\n`);
}
