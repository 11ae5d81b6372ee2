import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderScaleReport, type ScaleRun } from '../src/scale-report.js';
import type { ScaleSetup, ScaleTrialResult, ScaleTrialSpec } from '../src/scale-workload.js';
import { DIST, SCENARIO_ENV, STAND_IN_CLI } from '../src/workload.js';

const run = promisify(execFile);
const SCALE_TRIAL = join(DIST, 'scale-trial.js');

beforeAll(() => {
  if (!existsSync(SCALE_TRIAL)) throw new Error(`${SCALE_TRIAL} is missing: build the bench first (pnpm build)`);
});

// Two sessions of one query each, three tool calls a query, on the stand-in (no model is asked).
const spec = (setup: ScaleSetup): ScaleTrialSpec => ({
  setup,
  sessions: 2,
  queriesPerSession: 1,
  modelUrl: 'http://127.0.0.1:9',
  cli: STAND_IN_CLI,
  cliEnv: { [SCENARIO_ENV]: JSON.stringify({ work: [{ toolCalls: { count: 3, server: 'bench', tool: 'add' } }] }) },
  idleMs: 0,
});

describe('a cost-at-scale trial', () => {
  it.each(['official', 'hexagent', 'pool'] as const)(
    '%s: every query ends with its tool calls, every CLI is reaped and its CPU counted',
    async (setup) => {
      const { stdout } = await run(process.execPath, [SCALE_TRIAL, JSON.stringify(spec(setup))]);
      const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as ScaleTrialResult;
      expect(result).toMatchObject({ ok: 2, failed: 0, failures: {}, toolCalls: 6, unreaped: 0 });
      expect(result.queryMs).toHaveLength(2);
      // Two CLIs ran (the stand-in: a Node.js process each), and the SDK process did some work.
      expect(result.cliCpuMs).toBeGreaterThan(0);
      expect(result.sdkCpuMs).toBeGreaterThan(0);
      expect(result.wallMs).toBeGreaterThan(0);
    },
  );
});

describe('renderScaleReport', () => {
  const trial = (setup: ScaleSetup, runIndex: number, ok: number, wallMs: number): ScaleRun => ({
    run: runIndex,
    result: {
      spec: { ...spec(setup), sessions: 10 },
      ok,
      failed: 20 - ok,
      failures: ok < 20 ? { 'ControlTimeoutError: initialize': 20 - ok } : {},
      toolCalls: ok * 3,
      wallMs,
      queryMs: [1000, 2000, 3000],
      sdkCpuMs: 200,
      cliCpuMs: 20_000,
      unreaped: 0,
    },
    sample: {
      peakCliRssMb: 2000,
      peakCliPssMb: 1000,
      peakSdkRssMb: 70,
      peakClis: 10,
      sampledCliCpuMs: 19_000,
      samplerCpuMs: 10,
      cliStartsMs: [0, 10],
    },
    loadBefore: 1.5,
    loadAfter: 2,
  });

  it('gives queries a minute, CPU per query and the peaks as medians over the runs, with their ranges', () => {
    const lines = renderScaleReport(
      [trial('official', 0, 20, 60_000), trial('official', 1, 20, 30_000), trial('hexagent', 0, 10, 60_000)],
      { queriesPerSession: 2, toolCalls: 3, modelMs: 0, cpus: 2, standIn: true },
    );
    const official = lines.find((line) => line.startsWith('| 10 | official'));
    // 20 queries in 60 s and in 30 s: 20 and 40 a minute; 20.2 CPU seconds over 20 queries: 1.01 s each.
    expect(official).toContain('| 30.0 [20.0-40.0] |');
    expect(official).toContain('0.01 + 1.00 = 1.01 [1.01-1.01]');
    expect(official).toContain('| 2000 [2000-2000] | 1000 [1000-1000] | 70 | 0 |');
    const hexagent = lines.find((line) => line.startsWith('| 10 | hexagent'));
    // A failed query counts in `failed` and not in the rate; its CPU is charged to the queries that ended.
    expect(hexagent).toContain('| 10.0 |');
    expect(hexagent).toContain('0.02 + 2.00 = 2.02');
    expect(hexagent).toContain('| 10 | 1.5 / 2.0 |');
    expect(lines).toContain('run 1, 10 sessions, hexagent: 10 x ControlTimeoutError: initialize');
  });
});
