import { afterEach } from 'vitest';

/** How a store conformance suite gets a store for each test, and gives it back. */
export interface StoreConformanceOptions<S> {
  /**
   * A ready store (migrated where it has tables). It may share its backend with other tests: every
   * test uses keys and ids of its own.
   */
  create: () => S | Promise<S>;
  /** Releases a store `create` made (closes its pool or client); called after each test. */
  cleanup?: (store: S) => void | Promise<void>;
  /** Timeout of each test in ms; default 60 000. */
  timeoutMs?: number;
}

/**
 * The `make()` of a store conformance suite's tests: a store from `options.create`, each released
 * with `options.cleanup` after the test that made it. Call it inside the suite's `describe`.
 */
export function storesPerTest<S>(options: StoreConformanceOptions<S>): () => Promise<S> {
  const made: S[] = [];
  afterEach(async () => {
    for (const store of made.splice(0)) await options.cleanup?.(store);
  });
  return async () => {
    const store = await options.create();
    made.push(store);
    return store;
  };
}
