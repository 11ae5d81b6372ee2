import { describe, expect, it } from 'vitest';
import { AdmissionLedger } from '../src/admission-ledger.js';
import { FifoWaitQueue } from '../src/fifo-wait-queue.js';

describe('AdmissionLedger', () => {
  it('decides and reserves in one step: the third caller of the same tick gets nothing', () => {
    const ledger = new AdmissionLedger({ maxConcurrent: 2, maxSpares: 0, memoryBudgetMb: 1000 }, 100);
    const tickets = [ledger.tryAdmitQuery(undefined), ledger.tryAdmitQuery(undefined), ledger.tryAdmitQuery(undefined)];
    expect(tickets.map((t) => t !== undefined)).toEqual([true, true, false]);
    expect(ledger.running).toBe(2);
    expect(ledger.reservedMb).toBe(200);
  });

  it('a spare converts to a query without new memory; spares have their own allowance', () => {
    const ledger = new AdmissionLedger({ maxConcurrent: 1, maxSpares: 1, memoryBudgetMb: 250 }, 100);
    const spare = ledger.tryReserveSpare();
    expect(spare).toBeDefined();
    expect(ledger.tryReserveSpare()).toBeUndefined();
    const cold = ledger.tryAdmitQuery('a');
    expect(cold).toBeDefined();
    expect(ledger.tryAdmitQuery('b', spare)).toBeUndefined();
    ledger.release(cold as NonNullable<typeof cold>);
    const claimed = ledger.tryAdmitQuery('b', spare);
    expect(claimed).toBe(spare);
    expect(ledger).toMatchObject({ running: 1, spares: 0, reservedMb: 100 });
  });

  it('parks a running query as a spare within the spare allowance and the budget, freeing its slots', () => {
    const ledger = new AdmissionLedger({ maxConcurrent: 1, maxSpares: 1, memoryBudgetMb: 250, perKeyLimit: 1 }, 100);
    const a = ledger.tryAdmitQuery('a') as NonNullable<ReturnType<AdmissionLedger['tryAdmitQuery']>>;
    expect(ledger.tryAdmitQuery('b')).toBeUndefined();
    expect(ledger.tryPark(a)).toBe(true);
    expect(a.kind).toBe('spare');
    expect(ledger).toMatchObject({ running: 0, spares: 1, reservedMb: 100 });
    expect(ledger.keyAtLimit('a')).toBe(false);
    // Parked again it is a spare: a query takes it over, and a second park needs a free spare place.
    expect(ledger.tryPark(a)).toBe(false);
    const b = ledger.tryAdmitQuery('a', a);
    expect(b).toBe(a);
    const other = ledger.tryReserveSpare();
    expect(other).toBeDefined();
    expect(ledger.tryPark(a)).toBe(false);
    expect(ledger).toMatchObject({ running: 1, spares: 1 });
    // Over the budget (its measured peak grew): not parked either.
    ledger.release(other as NonNullable<typeof other>);
    ledger.correct(a, 300);
    expect(ledger.tryPark(a)).toBe(false);
    ledger.release(a);
    expect(ledger).toMatchObject({ running: 0, spares: 0, reservedMb: 0 });
  });

  it('keeps spare places free for CLIs expected back, and says when memory alone blocks a query', () => {
    const ledger = new AdmissionLedger({ maxConcurrent: 2, maxSpares: 2, memoryBudgetMb: 250 }, 100);
    expect(ledger.tryReserveSpare(2)).toBeUndefined();
    const spare = ledger.tryReserveSpare(1) as NonNullable<ReturnType<AdmissionLedger['tryReserveSpare']>>;
    expect(ledger.tryReserveSpare(1)).toBeUndefined();
    const running = ledger.tryAdmitQuery('a') as NonNullable<ReturnType<AdmissionLedger['tryAdmitQuery']>>;
    // 200 reserved: a third CLI (100) would overrun 250; closing the spare (100) makes room.
    expect(ledger.tryAdmitQuery('b')).toBeUndefined();
    expect(ledger.memoryBlocks('b', spare.reservedMb)).toBe(true);
    expect(ledger.memoryBlocks('b', 10)).toBe(false);
    ledger.release(running);
    expect(ledger.memoryBlocks('b', spare.reservedMb)).toBe(false);
  });

  it('measurement raises a reservation, never below the admitted estimate, and teaches the estimate', () => {
    const ledger = new AdmissionLedger({ maxConcurrent: 5, maxSpares: 0, memoryBudgetMb: 1000 }, 200);
    const t = ledger.tryAdmitQuery(undefined) as NonNullable<ReturnType<AdmissionLedger['tryAdmitQuery']>>;
    ledger.correct(t, 50);
    expect(t.reservedMb).toBe(200);
    ledger.correct(t, 320);
    expect(t.reservedMb).toBe(320);
    ledger.release(t);
    expect(ledger.estimateMb).toBe(320);
    expect(ledger.release(t)).toBe(false);
  });

  it('per-key limits', () => {
    const ledger = new AdmissionLedger({ maxConcurrent: 5, maxSpares: 0, memoryBudgetMb: 1000, perKeyLimit: 1 }, 10);
    expect(ledger.tryAdmitQuery('a')).toBeDefined();
    expect(ledger.keyAtLimit('a')).toBe(true);
    expect(ledger.tryAdmitQuery('a')).toBeUndefined();
    expect(ledger.tryAdmitQuery('b')).toBeDefined();
  });
});

describe('FifoWaitQueue', () => {
  it('grants in arrival order, skips a waiter that cannot be served yet, stops at a global refusal', () => {
    const queue = new FifoWaitQueue<string>();
    const giveUp = () => {};
    for (const v of ['a1', 'a2', 'b1', 'c1']) queue.enqueue(v, { giveUp }, {});
    const seen: string[] = [];
    queue.drain((v) => {
      seen.push(v);
      if (v === 'a2') return 'skip';
      if (v === 'b1') return 'stop';
      return 'granted';
    });
    expect(seen).toEqual(['a1', 'a2', 'b1']);
    expect(queue.length).toBe(3);
  });

  it('a waiter put at the front goes first', () => {
    const queue = new FifoWaitQueue<string>();
    queue.enqueue('late', { giveUp: () => {} }, {});
    queue.enqueue('refused-claim', { giveUp: () => {} }, { front: true });
    const order: string[] = [];
    queue.drain((v) => {
      order.push(v);
      return 'granted';
    });
    expect(order).toEqual(['refused-claim', 'late']);
  });
});
