/**
 * Runs one trial in this fresh process and prints its result as one line of JSON, so that every
 * measurement starts from the same state (no JIT, heap or module cache carried over) and the peak
 * RSS is the client's own. Usage: `node dist/worker.js '<TrialSpec as JSON>'`.
 */
import { runFloor } from './floor-client.js';
import { heapSampler } from './heap-sampler.js';
import { runHexagent, runOfficial } from './sdk-clients.js';
import { standInEnv, type TrialResult, type TrialSpec } from './workload.js';

const spec = JSON.parse(process.argv[2] ?? '') as TrialSpec;
const env = standInEnv(spec);
heapSampler.every = spec.heapSampleEvery ?? 0;
const withServer = spec.mode === 'tools';
const probe =
  spec.tracing === undefined ? undefined : await (await import('./tracing-setup.js')).setUpTracing(spec.tracing);
const client = spec.client === 'floor' ? runFloor : spec.client === 'hexagent' ? runHexagent : runOfficial;
if (spec.secondQuery === true) {
  await client(standInEnv({ ...spec, count: 1, warmup: 0 }), withServer);
  const { gc } = globalThis as { gc?: () => void };
  if (gc === undefined) throw new Error('a secondQuery trial needs node --expose-gc');
  gc();
}
const started = performance.now();
const cpuBefore = process.cpuUsage();
const run = await client(env, withServer);
const cpu = process.cpuUsage(cpuBefore);
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
// Imported after the measurement, so that the test kit weighs on no client's numbers.
const { standInReportOf } = await import('@hexagent/testing/stand-in-cli');
const result: TrialResult = {
  spec,
  standIn: standInReportOf(run.result),
  messages: run.messages,
  streamMs: run.resultAt - run.firstAssistantAt,
  totalMs: run.resultAt - started,
  cpuMs: (cpu.user + cpu.system) / 1000,
  maxRssMiB,
  ...(heapSampler.every > 0 && { peakLiveHeapMiB: heapSampler.peakBytes / 2 ** 20 }),
  ...(probe !== undefined && { tracing: probe() }),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
