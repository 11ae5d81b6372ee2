/**
 * `pnpm bench:tracing`: what tracing costs hexagent on the stand-in CLI. Each workload runs with
 * tracing `off` (`@opentelemetry/api` never loaded), `api` (loaded, no tracer provider registered)
 * and `provider` (a provider exporting to memory), rounds interleaved, every trial in a fresh
 * process. Prints a Markdown table of medians, ranges and ratios to `off` on stdout.
 *
 * Options: `--rounds=<n>` (default 7), `--quick` (small workloads, 2 rounds).
 */
import { runNode } from './run-node.js';
import { median } from './stats.js';
import { type TracingMode, type TrialResult, type TrialSpec, WORKER } from './workload.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const roundsArg = args.find((arg) => arg.startsWith('--rounds='));
const rounds = roundsArg === undefined ? (quick ? 2 : 7) : Number(roundsArg.slice('--rounds='.length));
const scale = quick ? 0.05 : 1;
const MODES: readonly TracingMode[] = ['off', 'api', 'provider'];

/** The workloads: the warm streaming trial and the warm sequential tool-call trial of the main bench. */
const WORKLOADS: Array<{ key: string; spec: Omit<TrialSpec, 'client' | 'tracing'> }> = [
  {
    key: 'stream 100k (after 20k warm-up)',
    spec: { mode: 'stream', count: Math.ceil(100_000 * scale), concurrency: 1, warmup: Math.ceil(20_000 * scale) },
  },
  {
    key: 'tool calls 3,000 sequential (after 2,000)',
    spec: { mode: 'tools', count: Math.ceil(3000 * scale), concurrency: 1, warmup: Math.ceil(2000 * scale) },
  },
  {
    key: 'tool calls 20,000, 32 in flight',
    spec: { mode: 'tools', count: Math.ceil(20_000 * scale), concurrency: 32, warmup: Math.ceil(2000 * scale) },
  },
];

const trials = new Map<string, TrialResult[]>();
for (let round = 1; round <= rounds; round++) {
  for (const workload of WORKLOADS) {
    for (const tracing of MODES) {
      const spec: TrialSpec = { client: 'hexagent', ...workload.spec, tracing };
      const result = await runNode<TrialResult>(WORKER, [JSON.stringify(spec)]);
      if (result.standIn.errors > 0) throw new Error(`${result.standIn.errors} tool calls answered wrongly`);
      const key = `${workload.key}|${tracing}`;
      trials.set(key, [...(trials.get(key) ?? []), result]);
    }
  }
  process.stderr.write(`round ${round}/${rounds} done\n`);
}

const fmt = (value: number, digits = 1) => value.toFixed(digits);
/** The measured part: client side for a stream (first measured message to result), the stand-in's wall time for tool calls. */
const measured = (trial: TrialResult) => (trial.spec.mode === 'stream' ? trial.streamMs : trial.standIn.wallMs);
const lines = [
  `Tracing cost, hexagent on the stand-in CLI, ${rounds} rounds${quick ? ' (quick)' : ''}; medians, [min–max], ratio to off. Measured: a stream from its first measured message to the result (client side); tool calls from the first measured call to the last answer (the stand-in's clock). CPU: the client process during the query.`,
  '',
  '| workload | tracing | measured ms | ratio | CPU ms | CPU ratio | spans | @opentelemetry modules |',
  '|---|---|---|---|---|---|---|---|',
];
for (const workload of WORKLOADS) {
  const off = trials.get(`${workload.key}|off`) ?? [];
  const offTime = median(off.map(measured));
  const offCpu = median(off.map((t) => t.cpuMs));
  for (const tracing of MODES) {
    const runs = trials.get(`${workload.key}|${tracing}`) ?? [];
    const times = runs.map(measured);
    const cpu = median(runs.map((t) => t.cpuMs));
    const time = median(times);
    const spans = median(runs.map((t) => t.tracing?.spans ?? 0));
    const modules = median(runs.map((t) => t.tracing?.otelModules ?? 0));
    lines.push(
      `| ${workload.key} | ${tracing} | ${fmt(time)} [${fmt(Math.min(...times))}–${fmt(Math.max(...times))}] | ${fmt(time / offTime, 3)} | ${fmt(cpu)} | ${fmt(cpu / offCpu, 3)} | ${spans} | ${modules} |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
