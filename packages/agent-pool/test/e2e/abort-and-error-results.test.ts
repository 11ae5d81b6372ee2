/**
 * The pool on the real CLI behaves as `query()` does (packages/sdk/test/e2e/abort-and-error-results.test.ts
 * for `query()`'s siblings): after an abort, nothing more is yielded and the iteration throws
 * `AbortError`; a run that fails ends with `ResultError` after its result; both cold and on a
 * recycled CLI.
 */
import { AbortError, ResultError } from '@hexagent/sdk';
import { apiError, byPrompt, collectAbortingAtInit, collectSettled, TestScope, text } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentPool, createAgentPool } from '../../src/index.js';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** Longer than any teardown: a reply the abort always cuts. */
const SLOW = 8_000;

function pool(options: Parameters<typeof createAgentPool>[0]): AgentPool {
  const created = createAgentPool(options);
  scope.defer(() => created.close({ deadlineMs: 5_000 }));
  return created;
}

describe('abort on the real CLI: nothing more, then AbortError', () => {
  it('a pool query, cold and on a recycled CLI', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({ quick: { content: [text('quick answer')] }, essay: { content: [text('slow')], delayMs: SLOW } }),
    );
    const cwd = scope.tempDir('pool-abort-');
    const coldPool = pool({ options: { env: harness.env, cwd }, spares: 0, maxConcurrent: 1, memoryBudgetMb: 3072 });
    const cold = new AbortController();
    const first = await collectAbortingAtInit(coldPool.query({ prompt: 'write an essay', signal: cold.signal }), cold);
    expect(AbortError.isInstance(first.error)).toBe(true);
    expect(first.after).toEqual([]);

    // A quick query whose CLI the pool keeps, then an aborted one on that CLI.
    const agents = pool({
      options: { env: harness.env, cwd },
      spares: 1,
      recycle: true,
      maxConcurrent: 1,
      memoryBudgetMb: 3072,
    });
    await expect.poll(() => agents.stats().spares, { timeout: 30_000 }).toBe(1);
    await collectSettled(agents.query({ prompt: 'quick' }));
    await expect.poll(() => agents.stats().recycled, { timeout: 15_000 }).toBe(1);
    const recycled = new AbortController();
    const second = await collectAbortingAtInit(
      agents.query({ prompt: 'write an essay', signal: recycled.signal }),
      recycled,
    );
    expect(AbortError.isInstance(second.error)).toBe(true);
    expect(second.after).toEqual([]);
  });
});

describe('a failed run on the real CLI', () => {
  it('a pool query ends with ResultError after its result, cold and on a recycled CLI', async () => {
    const harness = await scope.startCliHarness(
      byPrompt({
        quick: { content: [text('quick answer')] },
        broken: apiError(400, 'invalid_request_error', 'broken turn'),
      }),
    );
    const cwd = scope.tempDir('pool-error-');
    const coldPool = pool({ options: { env: harness.env, cwd }, spares: 0, maxConcurrent: 1, memoryBudgetMb: 3072 });
    const cold = await collectSettled(coldPool.query({ prompt: 'broken' }));
    expect(cold.messages.at(-1)).toMatchObject({ type: 'result', is_error: true });
    expect(ResultError.isInstance(cold.error)).toBe(true);
    expect((cold.error as Error).message).toBe('Claude Code returned an error result: API Error: 400 broken turn');

    // A quick query whose CLI the pool keeps, then a failing one on that CLI.
    const agents = pool({
      options: { env: harness.env, cwd },
      spares: 1,
      recycle: true,
      maxConcurrent: 1,
      memoryBudgetMb: 3072,
    });
    await expect.poll(() => agents.stats().spares, { timeout: 30_000 }).toBe(1);
    await collectSettled(agents.query({ prompt: 'quick' }));
    await expect.poll(() => agents.stats().recycled, { timeout: 15_000 }).toBe(1);
    const recycledBefore = agents.stats().recycled;
    const onRecycled = await collectSettled(agents.query({ prompt: 'broken' }));
    expect(ResultError.isInstance(onRecycled.error)).toBe(true);
    expect((onRecycled.error as ResultError).exitCode).toBeUndefined();
    expect(onRecycled.messages.at(-1)).toEqual((onRecycled.error as ResultError).result);
    await expect.poll(() => agents.stats().recycled, { timeout: 15_000 }).toBe(recycledBefore + 1);
  });
});
