/** What stands in for a redacted secret. */
export const REDACTED = '[REDACTED]';

/**
 * Values that look like credentials, each with the part to keep before it: Anthropic API keys and
 * OAuth tokens and AWS access key ids anywhere, the value after `Bearer` (or an `authorization`
 * header's `Basic`), after an
 * `x-api-key` / `authorization` header, after an assignment or JSON field whose name ends in api
 * key, token, secret or password (not `max_tokens`) or is a key name with a secret-sounding part
 * (`aws_secret_access_key`, `privateKey`, `client_key`), and the password of a URL
 * (`https://user:password@host`, the user kept).
 */
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/sk-ant-[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@"'<>]*:)[^\s/?#@"'<>]+(@)/gi, `$1${REDACTED}$2`],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, `$1${REDACTED}`],
  [/\b(authorization["']?\s*[:=]\s*["']?Basic\s+)[A-Za-z0-9+/=]{8,}/gi, `$1${REDACTED}`],
  [/\b((?:x-api-key|authorization)["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b)[^\s"',;]{4,}/gi, `$1${REDACTED}`],
  [
    /\b([A-Za-z0-9_.-]*(?:api[_-]?key|token|secret|password|passwd|credential)["']?\s*[:=]\s*["']?)[^\s"',;]{4,}/gi,
    `$1${REDACTED}`,
  ],
  [
    /\b([A-Za-z0-9_.-]*(?:secret|access|private|api|auth|signing|session|master|encryption|client)[A-Za-z0-9_.-]*key["']?\s*[:=]\s*["']?)[^\s"',;]{4,}/gi,
    `$1${REDACTED}`,
  ],
];

/**
 * `text` with what looks like a secret replaced by `[REDACTED]`: for the CLI's stderr before it goes
 * into an error message, which ends up in logs and bug reports, and for what `hexagent doctor` prints.
 *
 * @example
 * ```ts
 * redactSecrets('invalid x-api-key: sk-ant-api03-abcdefgh'); // 'invalid x-api-key: [REDACTED]'
 * ```
 */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const [pattern, replacement] of PATTERNS) redacted = redacted.replace(pattern, replacement);
  return redacted;
}
