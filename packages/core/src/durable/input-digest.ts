import { canonicalJson } from './canonical-json.js';
import { sha256Hex } from './sha256.js';

/**
 * The digest of a tool input: `sha256:` and the SHA-256 of its canonical JSON in hex. Equal inputs
 * (whatever their key order) have equal digests in every process; any change to a value changes it.
 *
 * @example
 * ```ts
 * inputDigest({ b: 1, a: 'x' }) === inputDigest({ a: 'x', b: 1 }); // true
 * ```
 */
export function inputDigest(input: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(input))}`;
}
