import { inputDigest, type StepCall, StepLedger, type StepRecord, type StepStore } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { uniqueId } from './session-store-conformance-fixtures.js';
import { type StoreConformanceOptions, storesPerTest } from './store-conformance-kit.js';

/** How {@link stepStoreConformance} gets a store for each test, and gives it back. */
export interface StepStoreConformanceOptions<S extends StepStore = StepStore> extends StoreConformanceOptions<S> {
  /** `false` for a store whose instances share nothing (in memory): the restart test is skipped. Default `true`. */
  persistent?: boolean;
}

/**
 * Registers vitest tests that check a `StepStore` (core's port) and the `StepLedger` rules over it.
 * A store is done when it passes them. Import it from `@hexagent/testing/conformance`.
 *
 * Checked: `specificationVersion` is `'v1'`; `create` saves a record once (version 1) and records
 * come back deep-equal (unicode, U+0000 and nested results included); `get` and `replace` of an
 * unknown call answer `null`; `replace` is a compare-and-set and of 20 concurrent replaces of one
 * version exactly one wins; `list` gives a session's records oldest start first and no other
 * session's; `now()` is an integer that does not go back; a new store instance reads back what another
 * wrote (a worker's restart); and over the store, of 10 concurrent `begin`s of one call exactly one
 * runs it, a completed call is replayed, and of racing resolutions exactly one wins.
 *
 * @example
 * ```ts
 * stepStoreConformance('MyStepStore', { create: () => new MyStore(url), cleanup: (s) => s.close() });
 * ```
 */
export function stepStoreConformance<S extends StepStore>(name: string, options: StepStoreConformanceOptions<S>): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${name} (step store conformance)`, () => {
    const make = storesPerTest(options);
    const record = (sessionId: string, toolUseId: string, startedAt: number): StepRecord => {
      const input = { note: 'ålice 😀 "quoted"\n\u0000', n: [1, 2.5, { deep: true }] };
      return {
        sessionId,
        toolUseId,
        toolName: 'mcp__ops__deploy',
        input,
        inputDigest: inputDigest(input),
        status: 'running',
        starts: 1,
        startedAt,
      };
    };

    it("declares specificationVersion 'v1'", { timeout }, async () => {
      expect((await make()).specificationVersion).toBe('v1');
    });

    it('creates a record once, at version 1, deep-equal, and answers null for an unknown call', {
      timeout,
    }, async () => {
      const store = await make();
      const step = record(uniqueId('session'), uniqueId('toolu'), await store.now());
      expect(await store.get(step.sessionId, step.toolUseId)).toBeNull();
      expect(await store.replace(step.sessionId, step.toolUseId, 1, step)).toBeNull();
      expect(await store.create(step)).toEqual({ stored: { record: step, version: 1 }, created: true });
      expect(await store.create({ ...step, starts: 9 })).toEqual({
        stored: { record: step, version: 1 },
        created: false,
      });
      expect(await store.get(step.sessionId, step.toolUseId)).toEqual({ record: step, version: 1 });
      const result = { content: [{ type: 'text', text: 'done ✓\u0000' }], structuredContent: { ok: true } };
      const done: StepRecord = { ...step, status: 'completed', endedAt: step.startedAt + 1, result };
      expect(await store.replace(step.sessionId, step.toolUseId, 1, done)).toEqual({ record: done, version: 2 });
      expect(await store.get(step.sessionId, step.toolUseId)).toEqual({ record: done, version: 2 });
    });

    it('replaces by compare-and-set: of 20 concurrent writers of one version, one wins', { timeout }, async () => {
      const store = await make();
      const step = record(uniqueId('session'), uniqueId('toolu'), await store.now());
      await store.create(step);
      const writes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.replace(step.sessionId, step.toolUseId, 1, { ...step, starts: i + 2 }),
        ),
      );
      const winners = writes.filter((w) => w !== null);
      expect(winners).toHaveLength(1);
      expect(await store.get(step.sessionId, step.toolUseId)).toEqual(winners[0]);
    });

    it("lists a session's records oldest start first, and no other session's", { timeout }, async () => {
      const store = await make();
      const sessionId = uniqueId('session');
      const now = await store.now();
      await store.create(record(sessionId, 'toolu_b', now + 2));
      await store.create(record(sessionId, 'toolu_a', now + 1));
      await store.create(record(uniqueId('other'), 'toolu_c', now));
      expect((await store.list(sessionId)).map((r) => r.toolUseId)).toEqual(['toolu_a', 'toolu_b']);
      expect(await store.list(uniqueId('none'))).toEqual([]);
    });

    it('reads the clock as an integer that does not go back', { timeout }, async () => {
      const store = await make();
      const first = await store.now();
      const second = await store.now();
      expect(Number.isInteger(first)).toBe(true);
      expect(second).toBeGreaterThanOrEqual(first);
    });

    it.skipIf(options.persistent === false)('a new instance reads back what another wrote', { timeout }, async () => {
      const step = record(uniqueId('session'), uniqueId('toolu'), await (await make()).now());
      await (await make()).create(step);
      expect(await (await make()).get(step.sessionId, step.toolUseId)).toEqual({ record: step, version: 1 });
    });

    it('the ledger over it: one of 10 racing begins runs, a completed call replays, one resolution wins', {
      timeout,
    }, async () => {
      const store = await make();
      const steps = new StepLedger({ store });
      const input = { env: 'prod' };
      const call: StepCall = {
        sessionId: uniqueId('session'),
        toolUseId: uniqueId('toolu'),
        toolName: 'mcp__ops__deploy',
        input,
        inputDigest: inputDigest(input),
      };
      const plans = await Promise.all(Array.from({ length: 10 }, () => steps.begin(call, false)));
      expect(plans.filter((p) => p.kind === 'run')).toHaveLength(1);
      const resolutions = await Promise.all(
        ['a', 'b', 'c'].map((by) => steps.resolve(call.sessionId, call.toolUseId, { kind: 'retry', by })),
      );
      expect(resolutions.filter((r) => r !== null)).toHaveLength(1);
      const result = { content: [{ type: 'text', text: 'deployed' }] };
      await steps.complete(call, result);
      expect(await steps.begin(call, false)).toEqual({ kind: 'replay', result });
      expect(await steps.interrupted(call.sessionId)).toEqual([]);
    });
  });
}
