import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TrialResult, type TrialSpec, WORKER } from '../src/workload.js';

const run = promisify(execFile);

beforeAll(() => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: build the bench first (pnpm build)`);
});

const spec = (client: TrialSpec['client']): TrialSpec => ({
  client,
  mode: 'stream',
  count: 50,
  concurrency: 1,
  warmup: 0,
  secondQuery: true,
});

describe('a second-query trial', () => {
  it.each(['floor', 'hexagent'] as const)('measures only the second query of %s', async (client) => {
    const { stdout } = await run(process.execPath, ['--expose-gc', WORKER, JSON.stringify(spec(client))]);
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as TrialResult;
    // The one-message first query is not counted: the report and the messages are the measured query's.
    expect(result.standIn).toMatchObject({ mode: 'stream', count: 50, errors: 0 });
    // The floor client counts the two host-only session_state_changed messages; hexagent does not yield them.
    expect(result.messages).toBe(client === 'floor' ? 55 : 53);
    expect(result.streamMs).toBeGreaterThan(0);
  });

  it('refuses to run without --expose-gc instead of measuring a heap it could not collect', async () => {
    await expect(run(process.execPath, [WORKER, JSON.stringify(spec('floor'))])).rejects.toThrow(
      /a secondQuery trial needs node --expose-gc/,
    );
  });
});

describe('a tracing trial', () => {
  const trial = async (tracing: NonNullable<TrialSpec['tracing']>) => {
    const spec: TrialSpec = { client: 'hexagent', mode: 'tools', count: 5, concurrency: 1, warmup: 0, tracing };
    const { stdout } = await run(process.execPath, [WORKER, JSON.stringify(spec)]);
    return JSON.parse(stdout.trim().split('\n').pop() ?? '') as TrialResult;
  };

  it('loads no @opentelemetry module when off, and exports a span per tool call with a provider', async () => {
    expect((await trial('off')).tracing).toEqual({ spans: 0, otelModules: 0 });
    expect((await trial('api')).tracing?.spans).toBe(0);
    const traced = await trial('provider');
    expect(traced.standIn.errors).toBe(0);
    // The query, its turn, the initialize request and 5 tool calls.
    expect(traced.tracing?.spans).toBe(8);
  });
});
