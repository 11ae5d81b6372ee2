/**
 * `pnpm --filter @hexagent/bench bench:scale`: cost at scale, measured the way the official SDK's
 * TS#372 measured it (issue 36). At 10, 20 and 40 sessions at once, each session running its queries
 * one after another (default 3 queries, each a prompt, 3 in-process tool calls one after another
 * and a text answer), it runs four setups: the official `query()` (a server per query), hexagent's
 * `query()`, a hexagent pool of 8 CLIs, and that pool with `recycle` and 8 spares. Every trial runs
 * in a fresh process (`scale-trial.js`) against the real CLI and one scripted model on 127.0.0.1;
 * the setups alternate, their order rotating from trial to trial, over `--runs` runs. Reported per
 * trial: queries a minute, CPU per query from procfs (the SDK process's utime + stime; the CLIs',
 * from the SDK process's cutime + cstime once all were reaped), the share of the machine's CPUs that
 * was, and the peak of the CLIs' summed RSS and PSS (sampled from here). The load average is
 * printed before and after each trial. Markdown on stdout, progress on stderr.
 *
 * Options: `--sessions=10,20,40`, `--runs=3`, `--queries=3` (per session), `--tool-calls=3` (per
 * query), `--model-ms=0` (the scripted model's delay before each answer), `--setups=<list>` (default
 * all four), `--idle-ms=200` (idle time between the SDK's import and the clock; 0: none),
 * `--cli=real|stand-in` (the stand-in: no model, for a smoke run), `--json=<file>` (rewritten after
 * every trial, so that a bench stopped early keeps what it measured).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptedModelServer, text, toolUse } from '@hexagent/testing';
import { renderScaleReport, type ScaleRun } from './scale-report.js';
import { sampleTree, type TreeSample } from './scale-sampler.js';
import { SCALE_SETUPS, type ScaleSetup, type ScaleTrialResult, type ScaleTrialSpec } from './scale-workload.js';
import { DIST, SCENARIO_ENV, STAND_IN_CLI } from './workload.js';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [name, value] as const;
  }),
);
const list = (name: string, fallback: string) => (args.get(name) ?? fallback).split(',').filter((v) => v !== '');
const sessionCounts = list('sessions', '10,20,40').map(Number);
const runs = Number(args.get('runs') ?? 3);
const queriesPerSession = Number(args.get('queries') ?? 3);
const toolCalls = Number(args.get('tool-calls') ?? 3);
const modelMs = Number(args.get('model-ms') ?? 0);
const idleMs = Number(args.get('idle-ms') ?? 200);
const setups = list('setups', SCALE_SETUPS.join(',')) as ScaleSetup[];
const standIn = args.get('cli') === 'stand-in';
const log = (line: string) => process.stderr.write(`${line}\n`);

const realCli = join(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/claude-code/package.json')),
  'bin',
  'claude.exe',
);
// The model asks for the tool until the conversation holds `toolCalls` results, then answers.
const server = await ScriptedModelServer.start((request) => {
  const results = JSON.stringify(request.body.messages ?? []).split('"tool_result"').length - 1;
  const delay = modelMs > 0 ? { delayMs: modelMs } : {};
  return results < toolCalls
    ? { content: [toolUse('mcp__bench__add', { a: results, b: 1 })], ...delay }
    : { content: [text('done')], ...delay };
});
const cliEnv = standIn
  ? { [SCENARIO_ENV]: JSON.stringify({ work: [{ toolCalls: { count: toolCalls, server: 'bench', tool: 'add' } }] }) }
  : undefined;

const json = args.get('json');
const results: ScaleRun[] = [];
try {
  let trial = 0;
  for (let run = 0; run < runs; run++) {
    for (const sessions of sessionCounts) {
      for (let i = 0; i < setups.length; i++) {
        const setup = setups[(i + trial) % setups.length] as ScaleSetup;
        const spec: ScaleTrialSpec = {
          setup,
          sessions,
          queriesPerSession,
          modelUrl: server.url,
          cli: standIn ? STAND_IN_CLI : realCli,
          idleMs,
          ...(cliEnv && { cliEnv }),
        };
        const loadBefore = loadavg()[0] ?? Number.NaN;
        log(`run ${run + 1}/${runs}, ${sessions} sessions, ${setup} (load ${loadBefore.toFixed(1)})...`);
        const { result, sample } = await runTrial(spec);
        const loadAfter = loadavg()[0] ?? Number.NaN;
        results.push({ run, result, sample, loadBefore, loadAfter });
        // Written after every trial: a bench stopped early keeps what it measured.
        if (json !== undefined && json !== 'true') await writeFile(json, JSON.stringify(results, null, 2));
        log(
          `  ${result.ok}/${result.ok + result.failed} ok, ${(result.wallMs / 1000).toFixed(1)} s, ` +
            `CPU ${((result.sdkCpuMs + result.cliCpuMs) / 1000).toFixed(1)} s, CLIs peak ${sample.peakCliRssMb.toFixed(0)} MB RSS`,
        );
      }
      trial++;
    }
  }
} finally {
  await server.close();
}

process.stdout.write(
  `${renderScaleReport(results, { queriesPerSession, toolCalls, modelMs, cpus: availableParallelism(), standIn }).join('\n')}\n`,
);

/** Runs one trial in a fresh process, sampling its CLIs from here; a trial that fails throws. */
function runTrial(spec: ScaleTrialSpec): Promise<{ result: ScaleTrialResult; sample: TreeSample }> {
  const child = spawn(process.execPath, [join(DIST, 'scale-trial.js'), JSON.stringify(spec)], {
    cwd: join(DIST, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const sampler = sampleTree(child.pid ?? 0);
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const sample = sampler.stop();
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0 || last === '') reject(new Error(`scale trial ${JSON.stringify(spec)} exited with ${code}`));
      else resolve({ result: JSON.parse(last) as ScaleTrialResult, sample });
    });
  });
}
