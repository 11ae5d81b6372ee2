import { describe, expect, it } from 'vitest';
import { InMemoryStepStore } from './in-memory-step-store.js';
import { planStep, type StepCall } from './plan-step.js';
import { StepLedger } from './step-ledger.js';

const call: StepCall = {
  sessionId: 's1',
  toolUseId: 'toolu_1',
  toolName: 'mcp__ops__deploy',
  input: { env: 'prod' },
  inputDigest: 'sha256:aa',
};
const result = { content: [{ type: 'text', text: 'deployed' }] };

describe('planStep', () => {
  it('runs a call with no record, replays a completed one, refuses another input under the same id', () => {
    expect(planStep(null, call, false)).toEqual({ kind: 'run' });
    const completed = {
      record: { ...call, status: 'completed' as const, starts: 1, startedAt: 1, result },
      version: 2,
    };
    expect(planStep(completed, call, true)).toEqual({ kind: 'replay', result });
    expect(planStep(completed, { ...call, inputDigest: 'sha256:bb' }, true).kind).toBe('mismatch');
    expect(planStep(completed, { ...call, toolName: 'mcp__ops__other' }, true).kind).toBe('mismatch');
  });

  it('a call in flight when its worker died runs again only when idempotent', () => {
    const running = { record: { ...call, status: 'running' as const, starts: 1, startedAt: 1 }, version: 1 };
    expect(planStep(running, call, true)).toEqual({ kind: 'rerun' });
    expect(planStep(running, call, false)).toEqual({ kind: 'interrupted', stored: running });
  });
});

describe('StepLedger', () => {
  it('records the start and the result; a second begin replays it', async () => {
    const steps = new StepLedger({ store: new InMemoryStepStore() });
    expect(await steps.begin(call, false)).toEqual({ kind: 'run' });
    expect((await steps.get('s1', 'toolu_1'))?.record).toMatchObject({ status: 'running', starts: 1 });
    const done = await steps.complete(call, result);
    expect(done).toMatchObject({ status: 'completed', result });
    expect(await steps.begin(call, false)).toEqual({ kind: 'replay', result });
    // The first result stays: a late second completion does not overwrite it.
    expect((await steps.complete(call, { content: [] })).result).toEqual(result);
    expect((await steps.list('s1')).map((r) => r.toolUseId)).toEqual(['toolu_1']);
  });

  it('of 20 concurrent begins of one call exactly one runs; a rerun counts its start', async () => {
    const steps = new StepLedger({ store: new InMemoryStepStore() });
    const plans = await Promise.all(Array.from({ length: 20 }, () => steps.begin(call, false)));
    expect(plans.filter((p) => p.kind === 'run')).toHaveLength(1);
    expect(plans.filter((p) => p.kind === 'interrupted')).toHaveLength(19);
    expect(await steps.begin(call, true)).toEqual({ kind: 'rerun' });
    expect((await steps.get('s1', 'toolu_1'))?.record.starts).toBe(2);
  });

  it('a call in flight is listed as interrupted until one of racing deciders resolves it', async () => {
    const steps = new StepLedger({ store: new InMemoryStepStore() });
    await steps.begin(call, false);
    expect((await steps.interrupted('s1')).map((r) => r.toolUseId)).toEqual(['toolu_1']);
    const wins = await Promise.all(
      ['alice', 'bob', 'carol'].map((by) => steps.resolve('s1', 'toolu_1', { kind: 'skip', by })),
    );
    expect(wins.filter((w) => w !== null)).toHaveLength(1);
    expect(await steps.interrupted('s1')).toEqual([]);
  });

  it('refuses a store of another contract', () => {
    expect(() => new StepLedger({ store: {} as never })).toThrow(/specificationVersion/);
  });
});
