import { PRIVATE_KEY_BLOCK, TOKEN_FORMATS } from './token-formats.js';

/** What stands in for a redacted secret. */
export const REDACTED = '[REDACTED]';

/**
 * Values that are secrets by where they stand, each with the part to keep before it: the value
 * after `Bearer` (or an `authorization` header's `Basic`), after an `x-api-key` / `authorization`
 * header, after an assignment or JSON field whose name ends in api key, token, secret or password
 * (not `max_tokens`) or is a key name with a secret-sounding part (`aws_secret_access_key`,
 * `privateKey`, `client_key`), after a command-line flag of such a name (`--password hunter2`,
 * `--api-key sk-…`), and the password of a URL (`https://user:password@host`, the user kept).
 */
const BY_CONTEXT: ReadonlyArray<readonly [RegExp, string]> = [
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
  [
    /(^|\s)(--?[A-Za-z0-9_-]*(?:password|passwd|passphrase|token|secret|api-?key|auth-key|credentials?)\s+["']?)(?!-)[^\s"']+/gim,
    `$1$2${REDACTED}`,
  ],
];

/**
 * `text` with what looks like a secret replaced by `[REDACTED]`: for the CLI's stderr before it goes
 * into an error message, which ends up in logs and bug reports, and for what `hexagent doctor`
 * prints. It hides the token formats recognisable on their own (`TOKEN_FORMATS`: Anthropic,
 * OpenAI, GitHub, GitLab, Slack, AWS, Google, npm, PyPI, Hugging Face, Stripe, SendGrid, Shopify,
 * Databricks, DigitalOcean keys and JWTs), the key material of PEM private-key blocks, and values
 * that are secrets by where they stand (see `BY_CONTEXT`).
 *
 * @example
 * ```ts
 * redactSecrets('invalid x-api-key: sk-ant-api03-abcdefgh'); // 'invalid x-api-key: [REDACTED]'
 * redactSecrets('git push failed for ghp_16C7e42F292c6912E7710c838347Ae178B4a'); // 'git push failed for [REDACTED]'
 * ```
 */
export function redactSecrets(text: string): string {
  let redacted = text.replace(PRIVATE_KEY_BLOCK, (_block, begin: string, end: string) => `${begin}${REDACTED}${end}`);
  for (const { pattern } of TOKEN_FORMATS) redacted = redacted.replace(pattern, REDACTED);
  for (const [pattern, replacement] of BY_CONTEXT) redacted = redacted.replace(pattern, replacement);
  return redacted;
}
