/**
 * A table of the requests in flight by numeric id, in the order they were added: what a `Map` does
 * for them, without keeping every request's objects alive into the old generation under churn (see
 * docs/performance.md#map-churn-and-promotion).
 *
 * The entries live in two arrays that only grow to the largest number ever in flight: an entry is
 * removed by shifting the later ones down and clearing the freed slot. Lookups scan from the oldest
 * entry, which is where answers mostly come from.
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
