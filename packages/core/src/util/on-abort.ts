interface Subscribers {
  listeners: Set<() => void>;
  onAbort: () => void;
}

const subscribersBySignal = new WeakMap<AbortSignal, Subscribers>();

/**
 * Calls `listener` once when `signal` aborts; the returned function unsubscribes it (idempotent).
 *
 * However many subscribers a signal has, it carries a single `'abort'` listener of ours, so one
 * `AbortController` shared by many concurrent queries (a "stop everything" controller) never trips
 * Node's `MaxListenersExceededWarning` ("Possible EventTarget memory leak detected. 11 abort
 * listeners added to [AbortSignal]"). The listener is removed as soon as the last subscriber leaves.
 * When `signal` has already aborted, `listener` is not called: check `signal.aborted` first.
 *
 * @example
 * ```ts
 * const unsubscribe = onAbort(options.abortController.signal, () => void session.close());
 * // ... when the session ends:
 * unsubscribe();
 * ```
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  let subscribers = subscribersBySignal.get(signal);
  if (subscribers === undefined) {
    const listeners = new Set<() => void>();
    const created: Subscribers = {
      listeners,
      onAbort: () => {
        subscribersBySignal.delete(signal);
        const called = [...listeners];
        listeners.clear();
        for (const subscriber of called) subscriber();
      },
    };
    subscribers = created;
    subscribersBySignal.set(signal, created);
    signal.addEventListener('abort', created.onAbort, { once: true });
  }
  // A wrapper per subscription, so subscribing the same function twice gives two subscriptions.
  const subscription = () => listener();
  subscribers.listeners.add(subscription);
  const owner = subscribers;
  return () => {
    if (!owner.listeners.delete(subscription) || owner.listeners.size > 0) return;
    signal.removeEventListener('abort', owner.onAbort);
    if (subscribersBySignal.get(signal) === owner) subscribersBySignal.delete(signal);
  };
}
