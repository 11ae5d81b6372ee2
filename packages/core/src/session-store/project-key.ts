/** Longest project key kept whole; a longer one is cut and suffixed with a hash. */
const MAX_PROJECT_KEY_LENGTH = 200;

/**
 * The default `projectKey` of a session store key, and the name of the CLI's project directory
 * under `<CLAUDE_CONFIG_DIR>/projects`, for an absolute, resolved working directory: every
 * character other than an ASCII letter or digit becomes `-`; a result longer than 200 characters
 * is cut to 200 and suffixed with `-` and a base-36 hash of the path, the same under every
 * runtime (as the official SDK and the CLI do).
 *
 * @example
 * ```ts
 * projectKeyForPath('/home/me/app'); // '-home-me-app'
 * ```
 */
export function projectKeyForPath(path: string): string {
  const sanitized = path.replace(/[^a-zA-Z0-9]/g, '-');
  if (sanitized.length <= MAX_PROJECT_KEY_LENGTH) return sanitized;
  return `${sanitized.slice(0, MAX_PROJECT_KEY_LENGTH)}-${Math.abs(hash(path)).toString(36)}`;
}

/** A 32-bit string hash (`h * 31 + c`), the one the CLI uses for long project directory names. */
function hash(text: string): number {
  let value = 0;
  for (let index = 0; index < text.length; index++) value = ((value << 5) - value + text.charCodeAt(index)) | 0;
  return value;
}
