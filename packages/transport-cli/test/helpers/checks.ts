/**
 * Small checks of the tests: a rejection, a condition in time. (A drained iterable is the kit's
 * `collectSettled`, a live process its `isRunning`: `@hexagent/testing`.)
 */

/** Wait until `predicate` holds, polling, or fail after `timeoutMs` (generous: a busy machine is slow, not wrong). */
export async function waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The value a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
