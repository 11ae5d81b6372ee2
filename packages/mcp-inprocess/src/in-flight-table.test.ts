import { describe, expect, it } from 'vitest';
import { InFlightTable } from './in-flight-table.js';

describe('InFlightTable', () => {
  it('adds, finds, replaces and removes entries by id', () => {
    const table = new InFlightTable<string>();
    expect(table.size).toBe(0);
    expect(table.get(1)).toBeUndefined();
    table.set(1, 'a').set(2, 'b').set(3, 'c');
    expect(table.size).toBe(3);
    expect(table.get(2)).toBe('b');
    expect(table.has(3)).toBe(true);
    table.set(2, 'B');
    expect(table.size).toBe(3);
    expect(table.entries()).toEqual([
      [1, 'a'],
      [2, 'B'],
      [3, 'c'],
    ]);
    expect(table.delete(2)).toBe(true);
    expect(table.delete(2)).toBe(false);
    expect(table.has(2)).toBe(false);
    expect(table.entries()).toEqual([
      [1, 'a'],
      [3, 'c'],
    ]);
  });

  it('keeps insertion order whichever entry leaves, oldest or newest or in between', () => {
    const table = new InFlightTable<number>();
    for (let id = 1; id <= 6; id++) table.set(id, id * 10);
    table.delete(1);
    table.delete(6);
    table.delete(3);
    table.set(7, 70);
    expect(table.entries().map(([id]) => id)).toEqual([2, 4, 5, 7]);
    expect(table.get(5)).toBe(50);
    expect(table.take(5)).toBe(50);
    expect(table.take(5)).toBeUndefined();
    expect(table.entries().map(([id]) => id)).toEqual([2, 4, 7]);
    for (const [id] of table.entries()) table.delete(id);
    expect(table.size).toBe(0);
    expect(table.entries()).toEqual([]);
  });

  it('agrees with a Map over a long random run of adds and removes', () => {
    const table = new InFlightTable<number>();
    const map = new Map<number, number>();
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let nextId = 1;
    for (let step = 0; step < 5000; step++) {
      if (map.size === 0 || random() < 0.55) {
        const id = nextId++;
        table.set(id, id * 2);
        map.set(id, id * 2);
      } else {
        const ids = [...map.keys()];
        const id = ids[Math.floor(random() * ids.length)] as number;
        expect(table.delete(id)).toBe(map.delete(id));
      }
      expect(table.size).toBe(map.size);
    }
    expect(table.entries()).toEqual([...map.entries()]);
    expect(table.get(nextId)).toBeUndefined();
    expect(table.take(nextId)).toBeUndefined();
  });

  it('keeps no reference to a removed value', () => {
    const table = new InFlightTable<object>();
    table.set(1, {});
    table.set(2, {});
    table.delete(1);
    table.delete(2);
    // The freed slots are cleared, so nothing removed stays reachable from the table.
    const slots = (table as unknown as { values: unknown[] }).values;
    expect(slots.every((slot) => slot === undefined)).toBe(true);
  });
});
