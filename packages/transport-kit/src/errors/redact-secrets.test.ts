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

/**
 * One sample per format, as a CLI could print it on stderr (the samples are made up, in each
 * vendor's documented shape).
 */
const FORMAT_SAMPLES: ReadonlyArray<readonly [string, string]> = [
  ['anthropic', 'sk-ant-api03-AbCdEf_123456-xyzXYZ0123456789'],
  ['openai (project)', 'sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56'],
  ['openai (legacy)', 'sk-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKl'],
  ['github classic', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['github oauth', 'gho_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['github app', 'ghs_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['github fine-grained', 'github_pat_11ABCDEFG0123456789abc_defGHIJKLmnopQRSTuvwxYZ0123456789abcdefghijklmnopqrstu'],
  ['gitlab', 'glpat-AbCdEfGhIjKlMnOpQrSt'],
  ['slack bot', 'xoxb-1234567890123-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'],
  ['slack user', 'xoxp-1234567890123-1234567890123-1234567890123-0123456789abcdef0123456789abcdef'],
  ['slack app', 'xapp-1-A0123456789-1234567890123-0123456789abcdef'],
  ['slack webhook', 'https://hooks.slack.com/services/T01234567/B01234567/AbCdEfGhIjKlMnOpQrStUvWx'],
  ['aws access key id', 'AKIAIOSFODNN7EXAMPLE'],
  ['google api key', 'AIzaSyA-0123456789abcdefghijklmnopqrstu'],
  ['google oauth secret', 'GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz01'],
  ['google oauth token', 'ya29.a0AfH6SMBxAbCdEfGhIjKlMnOpQrStUv'],
  ['npm', 'npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'],
  ['pypi', 'pypi-AgEIcHlwaS5vcmcCJGFiY2RlZmdoLWlqa2wtbW5vcA'],
  ['hugging face', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh'],
  ['stripe', 'sk_live_AbCdEfGhIjKlMnOpQrStUvWx'],
  ['sendgrid', 'SG.AbCdEfGhIjKlMnOpQrStUv.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfG'],
  ['shopify', 'shpat_0123456789abcdef0123456789abcdef'],
  ['databricks', 'dapi0123456789abcdef0123456789abcdef'],
  ['digitalocean', 'dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
  ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  ['--password flag', '--password hunter2'],
  ['--api-key flag', '--api-key 0123abcd'],
  ['--token flag', '--token=abcd1234'],
];

/** The part of a sample that must not survive (a flag's value, not its name). */
function secretOf(sample: string): string {
  return sample.startsWith('--') ? (sample.split(/[ =]/)[1] ?? sample) : sample;
}

describe('redactSecrets: the common token formats', () => {
  it.each(FORMAT_SAMPLES)('hides %s in the text and keeps what is around it', (_format, sample) => {
    const redacted = redactSecrets(`error: request failed with ${sample} (attempt 2)`);
    expect(redacted).not.toContain(secretOf(sample));
    expect(redacted).toContain(REDACTED);
    expect(redacted.startsWith('error: request failed with ')).toBe(true);
    expect(redacted.endsWith(' (attempt 2)')).toBe(true);
  });

  it.each(FORMAT_SAMPLES)('hides %s from a ProcessError, in stderrTail and in the message', (_format, sample) => {
    const error = new ProcessError({ exitCode: 3, stderrTail: `fatal: auth with ${sample} refused\nexiting` });
    for (const text of [error.stderrTail, error.message]) {
      expect(text).not.toContain(secretOf(sample));
      expect(text).toContain(REDACTED);
    }
    expect(error.message).toContain('exited with code 3');
  });

  it('hides the key material of a PEM private key, whole or cut off by the tail', () => {
    const key =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAMwAAAAtzc2gtZWQyNTUxOQ\n' +
      '-----END OPENSSH PRIVATE KEY-----';
    const whole = redactSecrets(`bad key:\n${key}\ndone`);
    expect(whole).toBe(
      `bad key:\n-----BEGIN OPENSSH PRIVATE KEY-----${REDACTED}-----END OPENSSH PRIVATE KEY-----\ndone`,
    );
    const cut = redactSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn');
    expect(cut).toBe(`-----BEGIN RSA PRIVATE KEY-----${REDACTED}`);
    const error = new ProcessError({ exitCode: 1, stderrTail: `loading ${key}` });
    for (const text of [error.stderrTail, error.message]) {
      expect(text).not.toContain('b3BlbnNzaC1rZXkt');
      expect(text).toContain(REDACTED);
    }
  });

  it('leaves flags whose value is no secret alone', () => {
    const text = 'claude --max-tokens 1024 --model claude-sonnet-4-5 --verbose --output-format stream-json';
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
