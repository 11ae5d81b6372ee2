/**
 * A credential the API rejects (HTTP 401), on the real CLI against the scripted API. CLI 2.1.332
 * retries a rejected `ANTHROPIC_API_KEY` or `ANTHROPIC_AUTH_TOKEN` ten times with backoff (about
 * three minutes) before its `result`; hexagent stops it at the first retry with a typed error
 * naming the variable. A `CLAUDE_CODE_OAUTH_TOKEN` is left to the CLI, which retries it through its
 * OAuth path and recovers when the API accepts it again. `retryRejectedCredentials: true` keeps the
 * CLI's retries.
 */
import { CredentialsRejectedError, isApiRetryMessage, query, type SDKMessage } from '@hexagent/sdk';
import { type ModelTurn, processExists, TestScope, text } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

const scope = new TestScope();
afterEach(() => scope.cleanup());

const REJECTED: ModelTurn = {
  error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  retryable: true,
};

/** Runs `query` to its end: what it yielded, what it threw, how long it took, and the CLI's pid. */
async function run(env: Record<string, string | undefined>, extra: { retryRejectedCredentials?: boolean } = {}) {
  const started = Date.now();
  const q = query({ prompt: 'hi', options: { env, ...extra } });
  const pid = q.initializationResult().then(
    (answer) => (answer as { pid?: number }).pid,
    () => undefined,
  );
  const seen: SDKMessage[] = [];
  let thrown: unknown;
  try {
    for await (const message of q) {
      seen.push(message);
      // With the CLI's own retries on, one retry after the first is enough to show them.
      if (extra.retryRejectedCredentials === true && isApiRetryMessage(message) && message.attempt === 2) q.close();
    }
  } catch (error) {
    thrown = error;
  }
  return { seen, thrown, ms: Date.now() - started, pid: await pid };
}

describe('a credential the CLI cannot renew, rejected with 401', () => {
  it.each([
    ['ANTHROPIC_API_KEY', {}, /^Invalid API key: the API rejected ANTHROPIC_API_KEY \(HTTP 401\)/],
    [
      'ANTHROPIC_AUTH_TOKEN',
      { ANTHROPIC_API_KEY: undefined, ANTHROPIC_AUTH_TOKEN: 'token-under-test' },
      /^Invalid auth token: the API rejected ANTHROPIC_AUTH_TOKEN \(HTTP 401\)/,
    ],
  ] as const)(
    '%s: the query throws CredentialsRejectedError at the first retry and the CLI is stopped',
    async (variable, env, said) => {
      const harness = await scope.startCliHarness(() => REJECTED);
      const { seen, thrown, ms, pid } = await run({ ...harness.env, ...env });
      expect(CredentialsRejectedError.isInstance(thrown)).toBe(true);
      expect(thrown).toMatchObject({ code: 'CREDENTIALS_REJECTED', variables: [variable], status: 401 });
      expect((thrown as Error).message).toMatch(said);
      // What the user saw: the CLI's first retry, then the error; no result of the interrupted turn.
      expect(seen.filter(isApiRetryMessage).map((message) => message.attempt)).toEqual([1]);
      expect(seen.some((message) => message.type === 'result')).toBe(false);
      // The CLI had exited by the time the error was thrown, after one or two requests (not ten).
      expect(pid).toBeTypeOf('number');
      expect(processExists(pid as number)).toBe(false);
      expect(harness.server.messageRequests.length).toBeLessThanOrEqual(2);
      // The CLI's own retries take about three minutes; this is the CLI's start plus one retry delay.
      expect(ms).toBeLessThan(60_000);
    },
    120_000,
  );

  it('with retryRejectedCredentials: true, the CLI retries as with the official SDK', async () => {
    const harness = await scope.startCliHarness(() => REJECTED);
    const { seen, thrown } = await run(harness.env, { retryRejectedCredentials: true });
    expect(CredentialsRejectedError.isInstance(thrown)).toBe(false);
    expect(seen.filter(isApiRetryMessage).map((message) => message.attempt)).toEqual([1, 2]);
    expect(harness.server.messageRequests.length).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

describe('a login the CLI handles itself', () => {
  it('CLAUDE_CODE_OAUTH_TOKEN: a 401 the API takes back on the retry recovers, as without hexagent', async () => {
    const harness = await scope.startCliHarness((_request, index) =>
      index === 0 ? REJECTED : { content: [text('recovered')] },
    );
    const env = { ...harness.env, ANTHROPIC_API_KEY: undefined, CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-under-test' };
    const { seen, thrown } = await run(env);
    expect(thrown).toBeUndefined();
    expect(seen.filter(isApiRetryMessage)).toHaveLength(1);
    expect(seen.find((message) => message.type === 'result')).toMatchObject({
      subtype: 'success',
      result: 'recovered',
    });
    // The CLI sent the OAuth token both times.
    expect(harness.server.messageRequests.map((request) => request.headers['authorization'])).toEqual([
      'Bearer sk-ant-oat01-under-test',
      'Bearer sk-ant-oat01-under-test',
    ]);
  }, 120_000);
});
