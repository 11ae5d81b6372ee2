/**
 * hexagent's own entry points on the real CLI behave as `query()` does (whose parity with the
 * official SDK is `parity/abort.test.ts` and `parity/control-and-errors.test.ts`): after an abort,
 * nothing more is yielded and the iteration throws `AbortError` (`ClaudeClient`, a warm query; the
 * pool's in `packages/agent-pool/test/e2e/abort-and-error-results.test.ts`), while `ClaudeClient`,
 * whose CLI lives on, reads a failed turn like any other.
 */
import { AbortError, ClaudeClient, ResultError, startup } from '@hexagent/sdk';
import { apiError, collectAbortingAtInit, collectSettled, TestScope, text } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

/** Longer than any teardown: a reply the abort always cuts. */
const SLOW = 8_000;

describe('abort on the real CLI: nothing more, then AbortError', () => {
  it('ClaudeClient with an abortController', async () => {
    const harness = await scope.startCliHarness([{ content: [text('slow')], delayMs: SLOW }]);
    const controller = new AbortController();
    const client = new ClaudeClient({ env: harness.env, abortController: controller });
    scope.defer(() => client.close());
    await client.connect();
    await client.query('write an essay');
    const { after, error } = await collectAbortingAtInit(client.receiveResponse(), controller);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(after).toEqual([]);
  });

  it('a warm query (startup())', async () => {
    const harness = await scope.startCliHarness([{ content: [text('slow')], delayMs: SLOW }]);
    const controller = new AbortController();
    const warm = await startup({ options: { env: harness.env, abortController: controller } });
    scope.defer(async () => warm.close());
    const { after, error } = await collectAbortingAtInit(warm.query('write an essay'), controller);
    expect(AbortError.isInstance(error)).toBe(true);
    expect(after).toEqual([]);
  });
});

describe('a failed run on the real CLI', () => {
  it('ClaudeClient: a failed turn is read like any other (its CLI lives on), and the next turn works', async () => {
    const harness = await scope.startCliHarness([
      apiError(400, 'invalid_request_error', 'bad turn'),
      { content: [text('fine')] },
    ]);
    const client = new ClaudeClient({ env: harness.env });
    scope.defer(() => client.close());
    await client.connect();
    await client.query('first');
    const failed = await collectSettled(client.receiveResponse());
    expect(failed.error).toBeUndefined();
    expect(failed.messages.at(-1)).toMatchObject({ type: 'result', is_error: true });
    await client.query('second');
    const next = await collectSettled(client.receiveResponse());
    expect(next.messages.at(-1)).toMatchObject({ type: 'result', is_error: false, result: 'fine' });
  });

  it('ClaudeClient: a refused resume fails connect() with the ResultError', async () => {
    const harness = await scope.startCliHarness([]);
    const client = new ClaudeClient({ env: harness.env, resume: '8d9b6a1e-1111-4222-8333-944445555666' });
    scope.defer(() => client.close());
    const error = await client.connect().catch((caught: unknown) => caught);
    expect(ResultError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^Claude Code returned an error result: No conversation found/);
  });
});
