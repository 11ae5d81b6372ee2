/** What stands in for a redacted secret. */
export const REDACTED = '[REDACTED]';

/**
 * Values that look like credentials, each with the part to keep before it: Anthropic API keys and
 * OAuth tokens anywhere, the value after `Bearer`, after an `x-api-key` / `authorization` header,
 * and after an assignment or JSON field whose name ends in api key, token, secret or password
 * (not `max_tokens`).
 */
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/sk-ant-[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, `$1${REDACTED}`],
  [/\b((?:x-api-key|authorization)["']?\s*[:=]\s*["']?)(?!Bearer\b)[^\s"',;]{4,}/gi, `$1${REDACTED}`],
  [
    /\b([A-Za-z0-9_.-]*(?:api[_-]?key|token|secret|password|passwd|credential)["']?\s*[:=]\s*["']?)[^\s"',;]{4,}/gi,
    `$1${REDACTED}`,
  ],
];

/**
 * `text` with what looks like a secret replaced by `[REDACTED]`: for the CLI's stderr before it goes
 * into an error message, which ends up in logs and bug reports.
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
