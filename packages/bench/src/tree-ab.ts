/**
 * The machine or the code? One stand-in workload through this bench's worker and another tree's
 * (an older commit built in a second worktree), trial by trial interleaved: `node dist/tree-ab.js
 * --other=<the other tree's packages/bench> [--workload=stream100k] [--rounds=12]
 * [--clients=floor,hexagent,official]`. Each round runs every client of both trees in fresh
 * processes, the trees' order alternating from round to round, so that both see the same machine.
 * Prints, per tree, the medians (and ranges) of the workload's reading for each client, its ratio to
 * the floor of the same tree, and the client's CPU time; Markdown on stdout, progress on stderr.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fmt, times } from './format.js';
import { reportRows } from './report-rows.js';
import { runNode } from './run-node.js';
import { median } from './stats.js';
import { CLIENTS, type ClientName, DIST, type TrialResult, type TrialSpec } from './workload.js';
import { benchWorkloads, workloadByKey } from './workloads.js';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [name, value] as const;
  }),
);
const other = args.get('other');
if (other === undefined) throw new Error('--other=<path of the other tree’s packages/bench> is required');
const workloads = benchWorkloads(1);
const workload = workloadByKey(workloads, args.get('workload') ?? 'stream100k');
const rounds = Number(args.get('rounds') ?? 12);
const clients = (args.get('clients') ?? CLIENTS.join(',')).split(',') as ClientName[];
const row = reportRows((key) => workloadByKey(workloads, key)).find((r) => r.workload.key === workload.key);
if (row === undefined) throw new Error(`no report row reads ${workload.key}`);
const trees = [
  { name: 'this tree', dist: DIST },
  { name: other, dist: join(other, 'dist') },
];

const results = new Map<string, TrialResult[]>();
const loads: number[] = [loadavg()[0] ?? Number.NaN];
for (let round = 0; round < rounds; round++) {
  for (const tree of round % 2 === 0 ? trees : [...trees].reverse()) {
    for (const client of clients) {
      const { key: _key, section: _section, roundsFactor: _factor, pin: _pin, ...rest } = workload;
      const spec: TrialSpec = { client, ...rest };
      const flags = workload.heapSampleEvery === undefined && workload.secondQuery !== true ? [] : ['--expose-gc'];
      const result = await runNode<TrialResult>(join(tree.dist, 'worker.js'), [JSON.stringify(spec)], flags);
      const key = `${tree.name}\0${client}`;
      results.set(key, [...(results.get(key) ?? []), result]);
    }
  }
  loads.push(loadavg()[0] ?? Number.NaN);
  process.stderr.write(`round ${round + 1}/${rounds} (load ${fmt(loads.at(-1) ?? Number.NaN, 1)})\n`);
}

const lines = [
  `## ${row.label}: two trees interleaved, ${rounds} rounds (load average ${fmt(Math.min(...loads), 1)}-${fmt(Math.max(...loads), 1)})`,
  '',
  `| tree | client | ${row.unit}, median [min-max] | / floor of the tree | CPU ms, median |`,
  '|---|---|--:|--:|--:|',
];
for (const tree of trees) {
  const floor = median((results.get(`${tree.name}\0floor`) ?? []).map(row.value));
  for (const client of clients) {
    const trials = results.get(`${tree.name}\0${client}`) ?? [];
    const values = trials.map(row.value);
    const m = median(values);
    lines.push(
      `| ${tree.name} | ${client} | ${fmt(m, row.digits)} [${fmt(Math.min(...values), row.digits)}-${fmt(Math.max(...values), row.digits)}] | ${
        Number.isFinite(floor) ? times(m / floor) : '-'
      } | ${fmt(median(trials.map((t) => t.cpuMs)), 1)} |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
