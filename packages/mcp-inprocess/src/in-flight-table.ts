/**
 * A table of the requests in flight by numeric id, in the order they were added: what a `Map` does
 * for them, without the `Map`'s cost to the garbage collector under churn.
 *
 * On V8 a `Map` rehashes into a new backing table as it grows and shrinks, and keeps each replaced
 * table linked to its successor (for iterators still running) with its entries in place. With
 * requests coming and going all the time the tables are replaced again and again; once one of them
 * sits in the old generation, dead but not yet collected, it keeps its successor alive through
 * every young-generation GC, that one the next, and each the entries it held. So every request's
 * objects (its entry, promise, closures, arguments and answer) survived the scavenges and were
 * promoted: with 32 concurrent tool calls an in-process server promoted ~1 MB per scavenge instead
 * of ~40 kB, and each scavenge took 1.5–3 ms instead of ~0.1 ms (see `docs/performance.md`).
 *
 * Here the entries live in two arrays that only grow to the largest number ever in flight: an entry
 * is removed by shifting the later ones down and clearing the freed slot, so nothing is allocated
 * per request and no replaced storage keeps anything alive. Lookups scan from the oldest entry,
 * which is where answers mostly come from; that is cheaper than hashing for the tens of requests
 * a session has in flight, and stays linear in their number.
 *
 * @example
 * ```ts
 * const table = new InFlightTable<(answer: string) => void>();
 * table.set(1, resolve);
 * table.get(1)?.('done');
 * table.delete(1);
 * ```
 */
export class InFlightTable<T> {
  private readonly ids: number[] = [];
  private readonly values: (T | undefined)[] = [];
  private count = 0;

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  /** The entry for `id`, or `undefined`. */
  get(id: number): T | undefined {
    const index = this.indexOf(id);
    return index === -1 ? undefined : this.values[index];
  }

  /** Whether there is an entry for `id`. */
  has(id: number): boolean {
    return this.indexOf(id) !== -1;
  }

  /** Adds an entry for `id` after the others, or replaces the value of the one there is (in place). */
  set(id: number, value: T): this {
    const index = this.indexOf(id);
    if (index !== -1) {
      this.values[index] = value;
      return this;
    }
    this.ids[this.count] = id;
    this.values[this.count] = value;
    this.count++;
    return this;
  }

  /** Removes the entry for `id`; returns whether there was one. */
  delete(id: number): boolean {
    const index = this.indexOf(id);
    if (index === -1) return false;
    this.removeAt(index);
    return true;
  }

  /** Removes the entry for `id` and returns its value (`undefined` if there was none): `get` and `delete` in one scan. */
  take(id: number): T | undefined {
    const index = this.indexOf(id);
    if (index === -1) return undefined;
    const value = this.values[index];
    this.removeAt(index);
    return value;
  }

  /** A copy of the entries as `[id, value]` pairs, oldest first: safe to iterate while the table changes. */
  entries(): [number, T][] {
    const entries: [number, T][] = [];
    for (let index = 0; index < this.count; index++) {
      entries.push([this.ids[index] as number, this.values[index] as T]);
    }
    return entries;
  }

  private removeAt(index: number): void {
    const last = this.count - 1;
    for (let at = index; at < last; at++) {
      this.ids[at] = this.ids[at + 1] as number;
      this.values[at] = this.values[at + 1];
    }
    // Cleared, so the slot keeps nothing alive.
    this.values[last] = undefined;
    this.count = last;
  }

  private indexOf(id: number): number {
    for (let index = 0; index < this.count; index++) if (this.ids[index] === id) return index;
    return -1;
  }
}
