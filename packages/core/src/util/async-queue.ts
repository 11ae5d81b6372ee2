/**
 * An unbounded single-consumer async queue: producers `push`, one consumer iterates. `end()`
 * finishes the iteration after the buffered items; `end(error)` makes it throw `error` once the
 * buffered items are drained.
 */
export class AsyncQueue<T> implements AsyncIterableIterator<T> {
  private items: T[] = [];
  private head = 0;
  private waiter: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiter: ((error: unknown) => void) | undefined;
  private ended = false;
  private sealed = false;
  private error: unknown;
  private hasError = false;
  private accepted = 0;
  private readonly onReturn: (() => void) | undefined;

  /** @param onReturn called once if the consumer stops early (`break` out of `for await`). */
  constructor(onReturn?: () => void) {
    this.onReturn = onReturn;
  }

  /** Number of items waiting to be consumed. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Items accepted by `push` so far (those ignored after `end()` or `seal()` not counted). */
  get pushed(): number {
    return this.accepted;
  }

  /** True once `end()` was called. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Add an item; ignored after `end()` or `seal()`. */
  push(item: T): void {
    if (this.ended || this.sealed) return;
    this.accepted += 1;
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      this.failWaiter = undefined;
      waiter({ value: item, done: false });
      return;
    }
    this.items.push(item);
  }

  /** Take no more items; what is buffered is still consumed, and `end()` still ends the queue. */
  seal(): void {
    this.sealed = true;
  }

  /** Finish the queue, optionally with an error the consumer sees after the buffered items. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) {
      this.error = error;
      this.hasError = true;
    }
    const waiter = this.waiter;
    const failWaiter = this.failWaiter;
    this.waiter = undefined;
    this.failWaiter = undefined;
    if (waiter !== undefined && failWaiter !== undefined) {
      if (this.hasError) {
        this.hasError = false;
        failWaiter(this.error);
      } else {
        waiter({ value: undefined, done: true });
      }
    }
  }

  /**
   * Removes and returns every buffered item at once, synchronously, in order. For a consumer that
   * switches from iterating to being pushed items: it takes what is waiting, then stops iterating.
   */
  takeBuffered(): T[] {
    const items = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return items;
  }

  /** Next item, waiting if none is buffered. */
  next(): Promise<IteratorResult<T>> {
    if (this.head < this.items.length) {
      const value = this.items[this.head] as T;
      this.items[this.head] = undefined as T;
      this.head++;
      if (this.head > 1024 && this.head * 2 > this.items.length) {
        this.items = this.items.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) {
      if (this.hasError) {
        this.hasError = false;
        return Promise.reject(this.error);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise<IteratorResult<T>>((resolve, reject) => {
      this.waiter = resolve;
      this.failWaiter = reject;
    });
  }

  /** Stop consuming: drops buffered items and tells the owner. */
  return(): Promise<IteratorResult<T>> {
    const wasEnded = this.ended;
    this.items = [];
    this.head = 0;
    this.hasError = false;
    this.end();
    if (!wasEnded) this.onReturn?.();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
