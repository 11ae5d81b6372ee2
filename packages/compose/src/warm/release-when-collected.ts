/**
 * Closes what a handle owns when the handle itself is garbage-collected unused, so a `WarmQuery`
 * or `SpareProcess` dropped without `close()` leaves no CLI process behind. The held closer must
 * not reference the handle.
 */
const registry = new FinalizationRegistry<() => void>((close) => close());

/** Call `close` once `handle` is collected, unless {@link forget} ran first. */
export function releaseWhenCollected(handle: object, close: () => void): void {
  registry.register(handle, close, handle);
}

/** The handle was closed or handed on: nothing to release on collection. */
export function forget(handle: object): void {
  registry.unregister(handle);
}
