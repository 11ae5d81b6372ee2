import {
  ApprovalDecisionError,
  ApprovalLedger,
  type ApprovalRecord,
  type ApprovalStore,
  approvalIdOf,
  inputDigest,
} from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import type { ApprovalDecider } from './approval-decider-process.js';
import { awkwardEntry, uniqueId } from './session-store-conformance-fixtures.js';
import { type StoreConformanceOptions, storesPerTest } from './store-conformance-kit.js';

/** How {@link approvalStoreConformance} gets a store for each test, and gives it back. */
export interface ApprovalStoreConformanceOptions<S extends ApprovalStore = ApprovalStore>
  extends StoreConformanceOptions<S> {
  /**
   * Starts another OS process deciding on approvals in the same backend (a script calling
   * `serveApprovalDecisions`, started with `startApprovalDecider`). Given, the suite races two such
   * processes on one record, 20 rounds; without it that test is skipped with a note.
   */
  deciderProcess?: () => Promise<ApprovalDecider>;
}

/** A pending record for a fresh session, as the ledger makes it. */
function pendingRecord(now: number, overrides: Partial<ApprovalRecord> = {}): ApprovalRecord {
  const sessionId = overrides.sessionId ?? uniqueId('s');
  const toolUseId = overrides.toolUseId ?? uniqueId('toolu');
  const input = overrides.input ?? { env: 'prod' };
  return {
    id: approvalIdOf(sessionId, toolUseId),
    sessionId,
    toolUseId,
    toolName: 'mcp__ops__deploy',
    input,
    inputDigest: inputDigest(input),
    requestedBy: 'conformance',
    requestedAt: now,
    expiresAt: now + 3_600_000,
    status: 'pending',
    ...overrides,
  };
}

/**
 * Registers vitest tests that check an `ApprovalStore` (core's port) and the `ApprovalLedger` rules
 * over it. A store is done when it passes them. Import it from `@hexagent/testing/conformance`.
 *
 * Checked: `specificationVersion` is `'v1'`; `create` saves a record once (version 1) and answers the
 * stored one after; records come back deep-equal (nested JSON, unicode, NUL, numbers at the edges of
 * a double); `get` and `replace` of an unknown id answer `null`; `replace` is a compare-and-set (a
 * stale version answers `null` and changes nothing) and of 20 concurrent replaces of one version
 * exactly one wins; `list` filters by status (one or several) and session, oldest first, with a limit,
 * and follows status changes; `now()` is an integer that does not go back; `deleteEndedBefore`
 * deletes only ended records requested before the cutoff; over the store, the ledger takes one
 * decision per record (duplicate and conflict refused, 10 concurrent deciders: one wins), refuses a
 * late decision on the store's clock, and lets one of 10 concurrent claims run a call; with
 * `deciderProcess`, two OS processes deciding one record at the same instant, 20 rounds: one wins.
 *
 * @example
 * ```ts
 * approvalStoreConformance('MyApprovalStore', { create: () => new MyApprovalStore(url), cleanup: (s) => s.close() });
 * ```
 */
export function approvalStoreConformance<S extends ApprovalStore>(
  name: string,
  options: ApprovalStoreConformanceOptions<S>,
): void {
  const timeout = options.timeoutMs ?? 60_000;
  describe(`${name} (approval store conformance)`, () => {
    const make = storesPerTest(options);

    it("declares specificationVersion 'v1'", { timeout }, async () => {
      expect((await make()).specificationVersion).toBe('v1');
    });

    it('creates a record once, at version 1, and answers the stored one after', { timeout }, async () => {
      const store = await make();
      const record = pendingRecord(await store.now());
      expect(await store.create(record)).toEqual({ stored: { record, version: 1 }, created: true });
      const again = await store.create({ ...record, requestedBy: 'someone else' });
      expect(again).toEqual({ stored: { record, version: 1 }, created: false });
      expect(await store.get(record.id)).toEqual({ record, version: 1 });
    });

    it('returns records deep-equal to what was saved', { timeout }, async () => {
      const store = await make();
      const awkward = awkwardEntry();
      const record = pendingRecord(await store.now(), {
        input: awkward,
        context: { options: { model: 'x', allowedTools: ['a', 'b'] }, nested: [awkward] },
        decision: { kind: 'approve', by: 'ålice 😀', at: 1, input: { a: [1, { b: null }] }, inputDigest: 'sha256:x' },
      });
      await store.create(record);
      expect((await store.get(record.id))?.record).toEqual(JSON.parse(JSON.stringify(record)));
    });

    it('answers null for an unknown id, to get and to replace', { timeout }, async () => {
      const store = await make();
      const record = pendingRecord(await store.now());
      expect(await store.get(record.id)).toBeNull();
      expect(await store.replace(record.id, 1, record)).toBeNull();
      expect(await store.get(record.id)).toBeNull();
    });

    it('replaces by compare-and-set: a stale version changes nothing', { timeout }, async () => {
      const store = await make();
      const record = pendingRecord(await store.now());
      await store.create(record);
      const approved: ApprovalRecord = { ...record, status: 'approved', decision: { kind: 'approve', by: 'a', at: 2 } };
      expect(await store.replace(record.id, 1, approved)).toEqual({ record: approved, version: 2 });
      expect(await store.replace(record.id, 1, { ...record, status: 'denied' })).toBeNull();
      expect(await store.get(record.id)).toEqual({ record: approved, version: 2 });
    });

    it('lets exactly one of 20 concurrent replaces of one version win', { timeout }, async () => {
      const store = await make();
      const record = pendingRecord(await store.now());
      await store.create(record);
      const tries = Array.from({ length: 20 }, (_, i) => ({ ...record, requestedBy: `writer-${i}` }));
      const results = await Promise.all(tries.map((next) => store.replace(record.id, 1, next)));
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(await store.get(record.id)).toEqual(winners[0]);
    });

    it('lists by status and session, oldest first, with a limit, and follows status changes', { timeout }, async () => {
      const store = await make();
      const now = await store.now();
      const sessionId = uniqueId('s');
      const records = [2, 0, 1].map((age) => pendingRecord(now - age * 1000, { sessionId, toolUseId: uniqueId('t') }));
      const other = pendingRecord(now, { status: 'denied' });
      for (const record of [...records, other]) await store.create(record);
      const oldestFirst = [records[0], records[2], records[1]];
      expect(await store.list({ sessionId })).toEqual(oldestFirst);
      expect(await store.list({ sessionId, status: 'pending', limit: 2 })).toEqual(oldestFirst.slice(0, 2));
      expect(await store.list({ sessionId, status: 'denied' })).toEqual([]);
      const denied = await store.list({ status: 'denied', limit: 1000 });
      expect(denied.map((r) => r.id)).toContain(other.id);
      expect(denied.every((r) => r.status === 'denied')).toBe(true);
      const moved = { ...(records[0] as ApprovalRecord), status: 'denied' as const };
      await store.replace(moved.id, 1, moved);
      expect((await store.list({ sessionId, status: 'pending' })).map((r) => r.id)).toEqual(
        [records[2], records[1]].map((r) => r?.id),
      );
      expect(await store.list({ sessionId, status: ['denied', 'approved'] })).toEqual([moved]);
    });

    it('tells the time as an integer of epoch ms that does not go back', { timeout }, async () => {
      const store = await make();
      let last = await store.now();
      expect(Number.isInteger(last)).toBe(true);
      expect(last).toBeGreaterThan(Date.UTC(2020, 0, 1));
      for (let i = 0; i < 20; i++) {
        const now = await store.now();
        expect(now).toBeGreaterThanOrEqual(last);
        last = now;
      }
    });

    it('deletes only ended records requested before the cutoff', { timeout }, async () => {
      const store = await make();
      const now = await store.now();
      const old = now - 10 * 86_400_000;
      const sessionId = uniqueId('s');
      const make1 = (requestedAt: number, status: ApprovalRecord['status']) =>
        pendingRecord(requestedAt, { sessionId, toolUseId: uniqueId('t'), status });
      const gone = [make1(old, 'ran'), make1(old, 'denied'), make1(old, 'expired'), make1(old, 'invalidated')];
      const kept = [make1(old, 'pending'), make1(old, 'approved'), make1(old, 'running'), make1(now, 'ran')];
      for (const record of [...gone, ...kept]) await store.create(record);
      expect(await store.deleteEndedBefore(now - 86_400_000)).toBeGreaterThanOrEqual(gone.length);
      for (const record of gone) expect(await store.get(record.id)).toBeNull();
      expect((await store.list({ sessionId })).map((r) => r.id).sort()).toEqual(kept.map((r) => r.id).sort());
    });

    it('takes one decision per record through the ledger: duplicate, conflict and late ones refused', {
      timeout,
    }, async () => {
      const ledger = new ApprovalLedger({ store: await make() });
      const call = { sessionId: uniqueId('s'), toolUseId: uniqueId('t'), toolName: 'Bash', input: { command: 'ls' } };
      const { id } = await ledger.request({ ...call, requestedBy: 'conformance', expiresInMs: 60_000 });
      await ledger.approve(id, { by: 'alice' });
      const reasons = await Promise.all([
        ledger.approve(id, { by: 'bob' }).catch((e: ApprovalDecisionError) => e.reason),
        ledger.deny(id, { by: 'bob', reason: 'no' }).catch((e: ApprovalDecisionError) => e.reason),
      ]);
      expect(reasons).toEqual(['duplicate', 'conflict']);
      const short = await ledger.request({ ...call, toolUseId: uniqueId('t'), requestedBy: 'c', expiresInMs: 300 });
      while ((await ledger.store.now()) < short.expiresAt) await new Promise((resolve) => setTimeout(resolve, 50));
      const late = await ledger.approve(short.id, { by: 'alice' }).catch((e: unknown) => e);
      expect(ApprovalDecisionError.isInstance(late) && late.reason).toBe('expired');
      expect(await ledger.get(short.id)).toMatchObject({ status: 'expired' });
    });

    it('lets exactly one of 10 concurrent deciders win, and one of 10 concurrent claims run', { timeout }, async () => {
      const ledger = new ApprovalLedger({ store: await make() });
      const call = { sessionId: uniqueId('s'), toolUseId: uniqueId('t'), toolName: 'Bash', input: { command: 'ls' } };
      const { id } = await ledger.request({ ...call, requestedBy: 'conformance', expiresInMs: 60_000 });
      const decisions = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0 ? ledger.approve(id, { by: `a${i}` }) : ledger.deny(id, { by: `d${i}`, reason: 'no' }),
        ),
      );
      expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
      const next = { ...call, toolUseId: uniqueId('t') };
      const approved = await ledger.request({ ...next, requestedBy: 'conformance', expiresInMs: 60_000 });
      await ledger.approve(approved.id, { by: 'alice' });
      const claims = await Promise.all(Array.from({ length: 10 }, () => ledger.claim(next)));
      expect(claims.filter((c) => c.kind === 'allow')).toHaveLength(1);
      expect(await ledger.get(approved.id)).toMatchObject({ status: 'running' });
    });

    it('lets one of two OS processes deciding one record at the same instant win, 20 rounds', {
      timeout: timeout * 2,
    }, async (context) => {
      if (options.deciderProcess === undefined)
        context.skip('no deciderProcess given: the two-process race did not run');
      const start = options.deciderProcess as () => Promise<ApprovalDecider>;
      const ledger = new ApprovalLedger({ store: await make() });
      const [one, two] = await Promise.all([start(), start()]);
      try {
        for (let round = 0; round < 20; round++) {
          const call = { sessionId: uniqueId('s'), toolUseId: uniqueId('t'), toolName: 'Bash', input: { n: round } };
          const { id } = await ledger.request({ ...call, requestedBy: 'conformance', expiresInMs: 60_000 });
          const same = round % 4 === 3;
          const at = Date.now() + 40;
          const answers = await Promise.all([
            one.decide({ id, kind: 'approve', by: 'process-1', at }),
            two.decide({ id, kind: same ? 'approve' : 'deny', by: 'process-2', at }),
          ]);
          expect(
            answers.filter((a) => a === 'ok'),
            `round ${round}: ${answers}`,
          ).toHaveLength(1);
          expect(answers).toContain(same ? 'duplicate' : 'conflict');
          const decided = await ledger.get(id);
          const winner = answers[0] === 'ok' ? 'process-1' : 'process-2';
          expect(decided?.decision?.by).toBe(winner);
        }
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    });
  });
}
