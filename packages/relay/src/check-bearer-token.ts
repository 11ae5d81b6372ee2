import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when the `Authorization` header carries `Bearer <expected>`. Both tokens are hashed first,
 * so the comparison is over two digests of equal length, in constant time: neither the token's
 * length nor how much of it matched shows in the time it takes.
 */
export function checkBearerToken(header: string | undefined, expected: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  const presented = match?.[1] ?? '';
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected)) && match !== null;
}
