import { describe, expect, it } from 'vitest';
import { ProcessError } from './process-error.js';
import { REDACTED, redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it.each([
    ['API error: invalid key sk-ant-api03-AbCdEf_123456-xyz', `API error: invalid key ${REDACTED}`],
    ['Authorization: Bearer eyJhbGciOi.JIUzI1NiJ9.abc', `Authorization: Bearer ${REDACTED}`],
    ['header x-api-key: abcd1234efgh', `header x-api-key: ${REDACTED}`],
    ['ANTHROPIC_API_KEY=abc123def456 claude', `ANTHROPIC_API_KEY=${REDACTED} claude`],
    ['{"github_token": "ghp_aaaaaaaaaaaa", "ok": 1}', `{"github_token": "${REDACTED}", "ok": 1}`],
    ['DB_PASSWORD=hunter22', `DB_PASSWORD=${REDACTED}`],
    ['aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', `aws_secret_access_key=${REDACTED}`],
    ['AWS_SECRET_ACCESS_KEY = wJalrXUtnFEMI/K7MDENG', `AWS_SECRET_ACCESS_KEY = ${REDACTED}`],
    ['aws_access_key_id=AKIAIOSFODNN7EXAMPLE', `aws_access_key_id=${REDACTED}`],
    ['using AKIAIOSFODNN7EXAMPLE in us-east-1', `using ${REDACTED} in us-east-1`],
    [
      '{"privateKey":"MIIEvQIBADANBg","clientKey": "abcd1234"}',
      `{"privateKey":"${REDACTED}","clientKey": "${REDACTED}"}`,
    ],
    [
      'ANTHROPIC_BASE_URL=https://me:s3cr3t-pass@proxy.example:8443/v1',
      `ANTHROPIC_BASE_URL=https://me:${REDACTED}@proxy.example:8443/v1`,
    ],
    ['connect to postgres://app:hunter2@db:5432/x failed', `connect to postgres://app:${REDACTED}@db:5432/x failed`],
    ['Authorization: Basic dXNlcjpwYXNzd29yZA==', `Authorization: Basic ${REDACTED}`],
  ])('redacts %j', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('leaves ordinary diagnostics alone', () => {
    const text =
      'Error: connect ECONNREFUSED 127.0.0.1:4000\n    at TCPConnectWrap (node:net:1300:16)\nmax_tokens: 1024\n' +
      'GET https://api.example.com:443/v1/messages?x=1 git@github.com:org/repo.git sort_key=name cache: hit';
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('ProcessError', () => {
  it('redacts secrets from the stderr tail, in the field and in the message', () => {
    const error = new ProcessError({ exitCode: 1, stderrTail: 'auth failed for key sk-ant-api03-secretsecret\nbye' });
    expect(error.stderrTail).toBe(`auth failed for key ${REDACTED}\nbye`);
    expect(error.message).toContain(REDACTED);
    expect(error.message).not.toContain('secretsecret');
    expect(error.message).toContain('exited with code 1');
  });
});
