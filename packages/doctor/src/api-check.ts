import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { cliConfigDirOf } from '@hexagent/transport-cli';
import { redactSecrets } from '@hexagent/transport-kit';
import type { DoctorCheck } from './doctor-types.js';

const NAME = 'API credentials';
const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The smallest current model: the check is about the credentials, not the model. */
const DEFAULT_MODEL = 'claude-haiku-4-5';
const PROVIDER_SWITCHES = ['CLAUDE_CODE_USE_BEDROCK', 'CLAUDE_CODE_USE_VERTEX', 'CLAUDE_CODE_USE_FOUNDRY'];

/** The headers the CLI authenticates with for `env` (recorded from CLI 2.1.329), or why there are none. */
function credentialHeaders(env: Readonly<Record<string, string>>): {
  headers: Record<string, string>;
  names: string[];
} {
  const headers: Record<string, string> = {};
  const names: string[] = [];
  const token = env['ANTHROPIC_AUTH_TOKEN'];
  const key = env['ANTHROPIC_API_KEY'];
  if (token) {
    headers['authorization'] = `Bearer ${token}`;
    names.push('ANTHROPIC_AUTH_TOKEN');
  }
  if (key) {
    headers['x-api-key'] = key;
    names.push('ANTHROPIC_API_KEY');
  }
  // The CLI uses an OAuth token only when neither variable above is set.
  const oauth = env['CLAUDE_CODE_OAUTH_TOKEN'];
  if (names.length === 0 && oauth) {
    headers['authorization'] = `Bearer ${oauth}`;
    headers['anthropic-beta'] = 'oauth-2025-04-20';
    names.push('CLAUDE_CODE_OAUTH_TOKEN');
  }
  return { headers, names };
}

/** `ANTHROPIC_CUSTOM_HEADERS` as the CLI reads it: one `Name: value` per line. */
function customHeaders(value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of (value ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

interface ApiAnswer {
  status: number;
  errorType?: string;
  errorMessage?: string;
}

/** POSTs `body` to `url` and reads the answer's status and Anthropic error body. */
function post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<ApiAnswer> {
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (chunks.length < 64) chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const answer: ApiAnswer = { status: response.statusCode ?? 0 };
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              error?: { type?: unknown; message?: unknown };
            };
            if (typeof parsed.error?.type === 'string') answer.errorType = parsed.error.type;
            if (typeof parsed.error?.message === 'string') answer.errorMessage = parsed.error.message.slice(0, 300);
          } catch {
            // Not an Anthropic error body: the status says enough.
          }
          resolve(answer);
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Makes one minimal Messages API request (`max_tokens: 1`) with the credentials the CLI would use
 * (`ANTHROPIC_AUTH_TOKEN`, `ANTHROPIC_API_KEY`, else `CLAUDE_CODE_OAUTH_TOKEN`, with
 * `ANTHROPIC_CUSTOM_HEADERS`) to `ANTHROPIC_BASE_URL` (else the Anthropic API), and says whether they
 * were accepted. A 401 or 403 is a `problem`: the CLI would retry it for minutes before a query
 * ends. Bedrock, Vertex, Foundry and a stored login are not checked (`warning`). The request goes
 * straight to the URL, not through `HTTPS_PROXY`.
 */
export async function checkApi(env: Readonly<Record<string, string>>, timeoutMs: number): Promise<DoctorCheck> {
  const provider = PROVIDER_SWITCHES.find((name) => (env[name] ?? '') !== '' && env[name] !== '0');
  if (provider !== undefined) {
    return {
      name: NAME,
      status: 'warning',
      detail: `not checked: ${provider} is set, and the check speaks only the Anthropic API`,
      fix: 'Run one query to check the cloud credentials.',
    };
  }
  const { headers, names } = credentialHeaders(env);
  if (names.length === 0) {
    const stored = existsSync(join(cliConfigDirOf(env).dir, '.credentials.json'));
    return stored
      ? {
          name: NAME,
          status: 'warning',
          detail: 'not checked: the CLI logs in with a stored login, which only the CLI reads',
          fix: 'Run `claude -p hi` to check the login.',
        }
      : {
          name: NAME,
          status: 'problem',
          detail: 'no ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or CLAUDE_CODE_OAUTH_TOKEN to check',
          fix: 'Set ANTHROPIC_API_KEY in the environment of your queries.',
        };
  }
  const base = env['ANTHROPIC_BASE_URL'] || DEFAULT_BASE_URL;
  const model = env['ANTHROPIC_DEFAULT_HAIKU_MODEL'] || env['ANTHROPIC_SMALL_FAST_MODEL'] || DEFAULT_MODEL;
  const where = redactSecrets(base);
  let url: URL;
  try {
    url = new URL(`${base.replace(/\/+$/, '')}/v1/messages`);
  } catch {
    return {
      name: NAME,
      status: 'problem',
      detail: `ANTHROPIC_BASE_URL ${where} is not a URL`,
      fix: 'Fix ANTHROPIC_BASE_URL.',
    };
  }
  const body = JSON.stringify({ model, max_tokens: 1, messages: [{ role: 'user', content: 'ping' }] });
  const started = Date.now();
  let answer: ApiAnswer;
  try {
    answer = await post(
      url,
      {
        ...customHeaders(env['ANTHROPIC_CUSTOM_HEADERS']),
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        ...headers,
      },
      body,
      timeoutMs,
    );
  } catch (error) {
    const proxy = env['HTTPS_PROXY'] || env['https_proxy'] ? ' This check does not go through HTTPS_PROXY.' : '';
    return {
      name: NAME,
      status: 'problem',
      detail: `no answer from ${where}: ${redactSecrets(error instanceof Error ? error.message : String(error))}`,
      fix: `Check ANTHROPIC_BASE_URL and the network.${proxy}`,
    };
  }
  return classify(answer, { names, where, model, ms: Date.now() - started });
}

/** What an answer says about the credentials. */
function classify(
  answer: ApiAnswer,
  { names, where, model, ms }: { names: string[]; where: string; model: string; ms: number },
): DoctorCheck {
  const said = `HTTP ${answer.status}${answer.errorType ? ` ${answer.errorType}` : ''}${
    answer.errorMessage ? `: ${redactSecrets(answer.errorMessage)}` : ''
  }`;
  const used = names.join(' and ');
  if (answer.status >= 200 && answer.status < 300) {
    return { name: NAME, status: 'ok', detail: `${used} accepted by ${where} (${model}, ${ms} ms)` };
  }
  if (answer.status === 401 || answer.status === 403) {
    return {
      name: NAME,
      status: 'problem',
      detail: `${used} ${answer.status === 401 ? 'rejected' : 'refused'} by ${where}: ${said}`,
      fix:
        `Fix ${used}. With these credentials the CLI retries each request for minutes before a query ends: ` +
        'a program can stop at the first `api_retry` message whose `error_status` is 401 or 403 (see the guide).',
    };
  }
  if (answer.status === 429 || answer.status >= 500) {
    return {
      name: NAME,
      status: 'warning',
      detail: `${where} answered ${said}, so the credentials are not known good`,
      fix: 'Try again later.',
    };
  }
  return {
    name: NAME,
    status: 'warning',
    detail: `${where} answered ${said} to a ${model} request, so the credentials are not known good`,
    fix: 'Check that ANTHROPIC_BASE_URL is the API root (without /v1), and the model names your gateway takes.',
  };
}
