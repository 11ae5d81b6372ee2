/**
 * The watch for a rejected credential, in a session on the fake transport: the CLI's `account` (as
 * CLI 2.1.332 reports it for each kind of credential) decides whether its first `api_retry` for a
 * 401 ends the query.
 */
import { describe, expect, it } from 'vitest';
import { collectMessages, flush } from '../../../test/helpers/fakes.js';
import { INIT_RESPONSE, sessionHarness } from '../../../test/helpers/session-harness.js';
import { CredentialsRejectedError } from '../../errors/credentials-rejected-error.js';
import type { AccountInfo } from '../../types/account-info.js';
import type { InboundMessage } from '../../types/control.js';
import type { Options } from '../../types/options.js';
import { cliCredentialsOf } from './cli-credentials.js';

const { makeSession } = sessionHarness();

/** The `account` of CLI 2.1.332's `initialize` answer, recorded for each kind of credential. */
const ACCOUNTS = {
  apiKey: { tokenSource: 'none', apiKeySource: 'ANTHROPIC_API_KEY', apiProvider: 'firstParty' },
  authToken: { tokenSource: 'ANTHROPIC_AUTH_TOKEN', apiProvider: 'firstParty' },
  both: { tokenSource: 'ANTHROPIC_AUTH_TOKEN', apiKeySource: 'ANTHROPIC_API_KEY', apiProvider: 'firstParty' },
  oauthToken: { tokenSource: 'CLAUDE_CODE_OAUTH_TOKEN', apiProvider: 'firstParty' },
  storedLogin: { subscriptionType: 'Claude Pro', apiProvider: 'firstParty' },
  keyHelper: { tokenSource: 'apiKeyHelper', apiKeySource: 'apiKeyHelper', apiProvider: 'firstParty' },
  keyHelperAndKey: { tokenSource: 'apiKeyHelper', apiKeySource: 'ANTHROPIC_API_KEY', apiProvider: 'firstParty' },
  bedrock: { apiProvider: 'bedrock' },
  none: { tokenSource: 'none', apiProvider: 'firstParty' },
} satisfies Record<string, AccountInfo>;

function apiRetry(attempt: number, status: number | null = 401): InboundMessage {
  return {
    type: 'system',
    subtype: 'api_retry',
    attempt,
    max_retries: 10,
    retry_delay_ms: 600,
    error_status: status,
    error: status === 401 ? 'authentication_failed' : 'server_error',
    uuid: `retry-${attempt}`,
    session_id: 's',
  };
}

/** A session whose CLI answers `initialize` with `account`, then retries a 401 once. */
async function retriedOnce(account: AccountInfo, options: Options = {}) {
  const { session, transport } = makeSession(options);
  await session.start();
  await transport.answer('initialize', { ...INIT_RESPONSE, account });
  await session.initializationResult();
  transport.emit(apiRetry(1));
  return { session, transport };
}

describe('cliCredentialsOf', () => {
  it('sorts the credentials the CLI reports into fixed ones, renewable ones, or none', () => {
    expect(cliCredentialsOf(ACCOUNTS.apiKey)).toEqual({ fixed: ['ANTHROPIC_API_KEY'], renewable: false, none: false });
    expect(cliCredentialsOf(ACCOUNTS.authToken)).toEqual({
      fixed: ['ANTHROPIC_AUTH_TOKEN'],
      renewable: false,
      none: false,
    });
    expect(cliCredentialsOf(ACCOUNTS.both).fixed).toEqual(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN']);
    for (const account of [ACCOUNTS.oauthToken, ACCOUNTS.storedLogin, ACCOUNTS.keyHelper, ACCOUNTS.bedrock]) {
      expect(cliCredentialsOf(account)).toMatchObject({ fixed: [], renewable: true, none: false });
    }
    expect(cliCredentialsOf(ACCOUNTS.keyHelperAndKey)).toMatchObject({ fixed: ['ANTHROPIC_API_KEY'], renewable: true });
    expect(cliCredentialsOf(ACCOUNTS.none)).toEqual({ fixed: [], renewable: false, none: true });
    expect(cliCredentialsOf({})).toEqual({ fixed: [], renewable: false, none: true });
  });
});

describe('a rejected credential the CLI cannot renew', () => {
  it('ends the query at the first 401 retry, after yielding it, naming the variable, and stops the CLI', async () => {
    const { session, transport } = await retriedOnce(ACCOUNTS.apiKey);
    const { messages, error } = await collectMessages(session);
    expect(messages.map((message) => (message as { subtype?: string }).subtype)).toEqual(['api_retry']);
    expect(CredentialsRejectedError.isInstance(error)).toBe(true);
    const rejected = error as CredentialsRejectedError;
    expect(rejected).toMatchObject({ code: 'CREDENTIALS_REJECTED', variables: ['ANTHROPIC_API_KEY'], status: 401 });
    expect(rejected.message).toMatch(/^Invalid API key: the API rejected ANTHROPIC_API_KEY \(HTTP 401\)/);
    expect(rejected.message).toContain('retryRejectedCredentials: true');
    // The session stopped the CLI itself: its output had not ended.
    expect(transport.closeCalls).toBe(1);
    expect(transport.inbound.isEnded).toBe(true);
  });

  it('names ANTHROPIC_AUTH_TOKEN when that is what the CLI sent', async () => {
    const { session } = await retriedOnce(ACCOUNTS.authToken);
    const { error } = await collectMessages(session);
    expect(error).toMatchObject({ variables: ['ANTHROPIC_AUTH_TOKEN'] });
    expect((error as Error).message).toMatch(/^Invalid auth token: the API rejected ANTHROPIC_AUTH_TOKEN/);
  });

  it.each([
    ['an OAuth token', ACCOUNTS.oauthToken],
    ['a stored login', ACCOUNTS.storedLogin],
    ['an apiKeyHelper', ACCOUNTS.keyHelper],
    ['an apiKeyHelper beside a key', ACCOUNTS.keyHelperAndKey],
    ['a cloud provider', ACCOUNTS.bedrock],
  ])('leaves the CLI to retry %s, which it can renew, and the run goes on', async (_kind, account) => {
    const { session, transport } = await retriedOnce(account);
    await flush();
    transport.emit(apiRetry(2));
    transport.emit({ type: 'result', subtype: 'success', is_error: false, result: 'recovered', session_id: 's' });
    transport.endOutput();
    const { messages, error } = await collectMessages(session);
    expect(error).toBeUndefined();
    expect(messages.map((message) => (message as { subtype?: string }).subtype)).toEqual([
      'api_retry',
      'api_retry',
      'success',
    ]);
  });

  it('leaves other retries alone (a 529, a connection error)', async () => {
    const { session, transport } = makeSession();
    await session.start();
    await transport.answer('initialize', { ...INIT_RESPONSE, account: ACCOUNTS.apiKey });
    transport.emit(apiRetry(1, 529));
    transport.emit(apiRetry(2, null));
    transport.endOutput();
    const { messages, error } = await collectMessages(session);
    expect(error).toBeUndefined();
    expect(messages).toHaveLength(2);
  });

  it('with retryRejectedCredentials: true, lets the CLI retry as the official SDK does', async () => {
    const { session, transport } = await retriedOnce(ACCOUNTS.apiKey, { retryRejectedCredentials: true });
    await flush();
    transport.emit(apiRetry(2));
    transport.endOutput();
    const { messages, error } = await collectMessages(session);
    expect(error).toBeUndefined();
    expect(messages).toHaveLength(2);
  });
});
