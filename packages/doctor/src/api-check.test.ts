import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ModelTurn, ScriptedModelServer, text } from '@hexagent/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkApi } from './api-check.js';

const root = mkdtempSync(join(tmpdir(), 'hexagent-api-check-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let server: ScriptedModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A scripted Messages API on loopback answering the doctor's request (a side request) with `turn`. */
async function answering(turn: ModelTurn): Promise<ScriptedModelServer> {
  server = await ScriptedModelServer.start([], { sideTurn: () => turn });
  return server;
}

const REJECTED: ModelTurn = {
  error: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  retryable: true,
};

describe('checkApi', () => {
  it('makes one max_tokens: 1 request with the API key and reports the key accepted', async () => {
    const api = await answering({ content: [text('pong')] });
    const check = await checkApi({ ANTHROPIC_API_KEY: 'sk-ant-api03-good-key', ANTHROPIC_BASE_URL: api.url }, 5_000);
    expect(check).toMatchObject({ name: 'API credentials', status: 'ok' });
    expect(check.detail).toMatch(
      /^ANTHROPIC_API_KEY accepted by http:\/\/127\.0\.0\.1:\d+ \(claude-haiku-4-5, \d+ ms\)$/,
    );
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages', kind: 'side' });
    expect(request?.headers).toMatchObject({ 'x-api-key': 'sk-ant-api03-good-key', 'anthropic-version': '2023-06-01' });
    expect(request?.body).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'ping' }],
    });
  });

  it('reports a rejected key (401) as a problem that names the fix and the api_retry way out', async () => {
    const api = await answering(REJECTED);
    const check = await checkApi({ ANTHROPIC_API_KEY: 'sk-ant-api03-bad-key', ANTHROPIC_BASE_URL: api.url }, 5_000);
    expect(check).toMatchObject({ status: 'problem' });
    expect(check.detail).toContain('ANTHROPIC_API_KEY rejected by');
    expect(check.detail).toContain('HTTP 401 authentication_error: invalid x-api-key');
    expect(check.fix).toContain('`api_retry`');
    expect(JSON.stringify(check)).not.toContain('bad-key');
    expect(api.requests).toHaveLength(1);
  });

  it('sends the headers the CLI sends: a bearer token with the key, an OAuth token with its beta, custom headers', async () => {
    const api = await answering({ content: [text('pong')] });
    await checkApi({ ANTHROPIC_AUTH_TOKEN: 'tok', ANTHROPIC_API_KEY: 'key', ANTHROPIC_BASE_URL: `${api.url}/` }, 5_000);
    await checkApi(
      {
        CLAUDE_CODE_OAUTH_TOKEN: 'oat',
        ANTHROPIC_BASE_URL: api.url,
        ANTHROPIC_CUSTOM_HEADERS: 'X-Gateway: team-a\nX-Other: 1',
        ANTHROPIC_DEFAULT_HAIKU_MODEL: 'my-haiku',
      },
      5_000,
    );
    const [both, oauth] = api.requests;
    expect(both?.headers).toMatchObject({ authorization: 'Bearer tok', 'x-api-key': 'key' });
    expect(both?.path).toBe('/v1/messages');
    expect(oauth?.headers).toMatchObject({
      authorization: 'Bearer oat',
      'anthropic-beta': 'oauth-2025-04-20',
      'x-gateway': 'team-a',
      'x-other': '1',
    });
    expect(oauth?.headers).not.toHaveProperty('x-api-key');
    expect(oauth?.body.model).toBe('my-haiku');
  });

  it('sends the password of ANTHROPIC_BASE_URL as basic auth and never prints it', async () => {
    const api = await answering(REJECTED);
    const base = api.url.replace('http://', 'http://me:s3cret-pass@');
    const check = await checkApi({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: base }, 5_000);
    expect(api.requests[0]?.headers['authorization']).toBe(`Basic ${Buffer.from('me:s3cret-pass').toString('base64')}`);
    expect(check.detail).toContain('http://me:[REDACTED]@127.0.0.1');
    expect(JSON.stringify(check)).not.toContain('s3cret-pass');
  });

  it('reports 403 as a problem, and overload or an unknown model as "not known good"', async () => {
    const forbidden = await answering({ error: { status: 403, type: 'permission_error', message: 'no access' } });
    expect((await checkApi({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: forbidden.url }, 5_000)).status).toBe(
      'problem',
    );
    await forbidden.close();
    const overloaded = await answering({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } });
    const busy = await checkApi({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: overloaded.url }, 5_000);
    expect(busy).toMatchObject({ status: 'warning', detail: expect.stringContaining('HTTP 529 overloaded_error') });
    await overloaded.close();
    const unknown = await answering({ error: { status: 404, type: 'not_found_error', message: 'model: x' } });
    const missing = await checkApi({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: unknown.url }, 5_000);
    expect(missing).toMatchObject({ status: 'warning', fix: expect.stringContaining('API root') });
  });

  it('reports a base URL nobody answers at as a problem', async () => {
    const port = await closedPort();
    const check = await checkApi({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` }, 5_000);
    expect(check).toMatchObject({ status: 'problem', detail: expect.stringContaining('ECONNREFUSED') });
  });

  it('sends nothing without credentials, for a cloud provider, or for a stored login', async () => {
    const home = join(root, 'home');
    mkdirSync(join(home, '.claude'), { recursive: true });
    expect(await checkApi({ HOME: home, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }, 5_000)).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('no ANTHROPIC_API_KEY'),
    });
    expect(await checkApi({ CLAUDE_CODE_USE_BEDROCK: '1', ANTHROPIC_API_KEY: 'k' }, 5_000)).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('CLAUDE_CODE_USE_BEDROCK'),
    });
    writeFileSync(join(home, '.claude', '.credentials.json'), '{}');
    expect(await checkApi({ HOME: home }, 5_000)).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('stored login'),
    });
  });
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
