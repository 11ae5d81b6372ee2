import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `condition` holds, checking it every `intervalMs` (default 50); rejects with an error
 * naming `what` after `timeoutMs` (default 30 000). For end-to-end tests that wait on a state outside
 * the test's process (a CLI exiting, a record in a database): the wait ends as soon as it holds.
 *
 * @example
 * ```ts
 * await waitUntil('the CLI to exit', () => clis().length === 0, { timeoutMs: 10_000 });
 * ```
 */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(options.intervalMs ?? 50);
  }
}
