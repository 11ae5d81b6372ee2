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
  ])('redacts %j', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('leaves ordinary diagnostics alone', () => {
    const text =
      'Error: connect ECONNREFUSED 127.0.0.1:4000\n    at TCPConnectWrap (node:net:1300:16)\nmax_tokens: 1024';
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
