import {
  RunControlError,
  RunControlLedger,
  type RunControlRecord,
  type RunControlStore,
  spendDay,
} from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { uniqueId } from './session-store-conformance-fixtures.js';
import { type StoreConformanceOptions, storesPerTest } from './store-conformance-kit.js';

/** How {@link runControlStoreConformance} gets a store for each test, and gives it back. */
export interface RunControlStoreConformanceOptions<S extends RunControlStore = RunControlStore>
  extends StoreConformanceOptions<S> {
  /** `false` for a store whose instances share nothing (in memory): the restart test is skipped. Default `true`. */
  persistent?: boolean;
}

/**
 * Registers vitest tests that check a `RunControlStore` (core's port) and the `RunControlLedger`
 * rules over it. A store is done when it passes them. Import it from `@hexagent/testing/conformance`.
 *
 * Checked: `specificationVersion` is `'v1'`; `createRun` saves a record once (version 1) and records
 * come back deep-equal; `getRun` and `replaceRun` of an unknown run answer `null`; `replaceRun` is a
 * compare-and-set and of 20 concurrent replaces of one version exactly one wins; `now()` is an
 * integer that does not go back; a spend entry written again only grows and counts once; sums per
 * run and per tenant per day, the tenant and day of an entry staying those of its first write; a new
 * store instance reads back what another wrote; and
 * over the store, the ledger records who stopped a run, refuses a second stop, pauses, settles and
 * resumes, and of 10 concurrent stops exactly one wins.
 *
 * @example
 * ```ts
 * runControlStoreConformance('MyRunControlStore', { create: () => new MyStore(url), cleanup: (s) => s.close() });
 * ```
 */
export function runControlStoreConformance<S extends RunControlStore>(
  name: string,
  options: RunControlStoreConformanceOptions<S>,
): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${name} (run control store conformance)`, () => {
    const make = storesPerTest(options);

    it("declares specificationVersion 'v1'", { timeout }, async () => {
      expect((await make()).specificationVersion).toBe('v1');
    });

    it('creates a record once, at version 1, deep-equal, and answers null for an unknown run', {
      timeout,
    }, async () => {
      const store = await make();
      const record: RunControlRecord = {
        runId: uniqueId('run'),
        status: 'stopping',
        stop: { by: 'ålice 😀', at: await store.now(), reason: 'a "quoted"\nreason\u0000' },
      };
      expect(await store.getRun(record.runId)).toBeNull();
      expect(await store.replaceRun(record.runId, 1, record)).toBeNull();
      expect(await store.createRun(record)).toEqual({ stored: { record, version: 1 }, created: true });
      expect(await store.createRun({ ...record, status: 'pausing' })).toEqual({
        stored: { record, version: 1 },
        created: false,
      });
      expect(await store.getRun(record.runId)).toEqual({ record, version: 1 });
    });

    it('replaces by compare-and-set: of 20 concurrent writers of one version, one wins', { timeout }, async () => {
      const store = await make();
      const runId = uniqueId('run');
      await store.createRun({ runId, status: 'pausing' });
      expect(await store.replaceRun(runId, 2, { runId, status: 'stopped' })).toBeNull();
      const writes = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.replaceRun(runId, 1, { runId, status: 'paused', jobId: `j${i}` })),
      );
      const won = writes.filter((w) => w !== null);
      expect(won).toHaveLength(1);
      expect(await store.getRun(runId)).toEqual(won[0]);
      expect(won[0]?.version).toBe(2);
    });

    it('keeps a clock in integer milliseconds that does not go back', { timeout }, async () => {
      const store = await make();
      const first = await store.now();
      const second = await store.now();
      expect(Number.isInteger(first)).toBe(true);
      expect(second).toBeGreaterThanOrEqual(first);
      expect(Math.abs(first - Date.now())).toBeLessThan(60_000);
    });

    it('sums spend per run and per tenant per day; an entry only grows and counts once', { timeout }, async () => {
      const store = await make();
      const [run, other, tenant] = [uniqueId('run'), uniqueId('run'), uniqueId('tenant')];
      await store.recordSpend({ runId: run, entryId: 'a', tenant, day: '2026-01-01', costUsd: 0.25 });
      await store.recordSpend({ runId: run, entryId: 'a', tenant, day: '2026-01-01', costUsd: 0.5 });
      await store.recordSpend({ runId: run, entryId: 'a', tenant: 'moved', day: '2026-01-02', costUsd: 0.125 });
      await store.recordSpend({ runId: run, entryId: 'b', tenant, day: '2026-01-02', costUsd: 1 });
      await store.recordSpend({ runId: other, entryId: 'a', tenant, day: '2026-01-01', costUsd: 2 });
      await store.recordSpend({ runId: other, entryId: 'z', day: '2026-01-01', costUsd: 4 });
      expect(await store.runSpend(run)).toBeCloseTo(1.5, 9);
      expect(await store.runSpend(other)).toBeCloseTo(6, 9);
      expect(await store.runSpend(uniqueId('run'))).toBe(0);
      expect(await store.tenantSpend(tenant, '2026-01-01')).toBeCloseTo(2.5, 9);
      expect(await store.tenantSpend(tenant, '2026-01-02')).toBeCloseTo(1, 9);
      expect(await store.tenantSpend('moved', '2026-01-02')).toBe(0);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.recordSpend({ runId: run, entryId: 'c', tenant, day: '2026-01-03', costUsd: i / 10 }),
        ),
      );
      expect(await store.tenantSpend(tenant, '2026-01-03')).toBeCloseTo(0.9, 9);
    });

    it.skipIf(options.persistent === false)(
      'reads back through a new store instance what another wrote (a restart)',
      { timeout },
      async () => {
        const [first, second] = [await make(), await make()];
        const [runId, tenant] = [uniqueId('run'), uniqueId('tenant')];
        const day = spendDay(await first.now());
        await first.recordSpend({ runId, entryId: 'a', tenant, day, costUsd: 0.375 });
        await first.createRun({ runId, status: 'pausing', pause: { by: 'bob', at: 1 } });
        expect(await second.runSpend(runId)).toBeCloseTo(0.375, 9);
        expect(await second.tenantSpend(tenant, day)).toBeCloseTo(0.375, 9);
        expect(await second.getRun(runId)).toEqual({
          record: { runId, status: 'pausing', pause: { by: 'bob', at: 1 } },
          version: 1,
        });
      },
    );

    it('runs the ledger: who stopped a run, one stop of 10 concurrent, pause, settle, resume', {
      timeout,
    }, async () => {
      const ledger = new RunControlLedger({ store: await make() });
      const runId = uniqueId('run');
      const stops = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => ledger.stop(runId, { by: `p${i}`, reason: 'enough' })),
      );
      const won = stops.filter((s) => s.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const lost of stops.filter((s) => s.status === 'rejected')) {
        expect(RunControlError.isInstance(lost.reason) && lost.reason.reason).toBe('duplicate');
      }
      const stopped = await ledger.settle(runId, { jobId: 'job-1', started: true });
      expect(stopped).toMatchObject({ status: 'stopped', jobId: 'job-1', stop: { reason: 'enough' } });
      expect(await ledger.get(runId)).toEqual(stopped);

      const paused = uniqueId('run');
      await ledger.pause(paused, { by: 'bob' });
      expect(await ledger.settle(paused, { jobId: 'job-2', started: false })).toMatchObject({ status: 'paused' });
      expect(await ledger.resume(paused, { by: 'carol' })).toMatchObject({
        continueRun: true,
        record: { status: 'resumed', jobId: 'job-2', resume: { by: 'carol' } },
      });
      await expect(ledger.resume(paused, { by: 'carol' })).rejects.toMatchObject({ reason: 'not-paused' });
    });

    it("checks caps on the ledger's sums, the tenant's by the store's day", { timeout }, async () => {
      const ledger = new RunControlLedger({ store: await make() });
      const [runId, tenant] = [uniqueId('run'), uniqueId('tenant')];
      await ledger.recordSpend({ runId, entryId: 'a', tenant, costUsd: 0.75 });
      expect(await ledger.store.tenantSpend(tenant, spendDay(await ledger.store.now()))).toBeCloseTo(0.75, 9);
      expect(await ledger.checkSpend({ runId, tenant, runCapUsd: 1, tenantDailyCapUsd: 5 })).toEqual({
        kind: 'within',
        remainingUsd: 0.25,
      });
      await expect(ledger.assertWithinCaps({ runId, tenant, tenantDailyCapUsd: 0.5 })).rejects.toMatchObject({
        code: 'SPEND_CAP_EXCEEDED',
        cap: 'tenant',
        tenant,
      });
    });
  });
}
