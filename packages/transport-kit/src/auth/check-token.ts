import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The accepted token that `presented` equals, or `undefined`. Constant time: both sides are
 * hashed first, so each comparison is over two digests of equal length, and every accepted token
 * is compared (no early exit), so neither a token's length, nor how much of it matched, nor which
 * one matched shows in the time it takes. An empty token, presented or accepted, never matches.
 *
 * @param presented what the client sent (`undefined` when it sent none).
 * @param accepted the tokens accepted now: the current one, and one being rotated out.
 * @example
 * ```ts
 * const token = matchToken(bearerToken(request.headers.authorization), [current, previous]);
 * if (token === undefined) throw new LinkRefusedError({ peer: 'daemon', reason: 'unauthorized', detail: 'wrong token' });
 * ```
 */
export function matchToken(presented: string | undefined, accepted: readonly string[]): string | undefined {
  const given = digest(presented ?? '');
  let matched: string | undefined;
  for (const token of accepted) {
    // timingSafeEqual runs for every token, whatever matched before.
    const equal = timingSafeEqual(given, digest(token));
    if (equal && matched === undefined) matched = token;
  }
  return presented === undefined || presented.length === 0 ? undefined : matched;
}

/**
 * True when `presented` equals `accepted`, or one of them, in constant time (see {@link matchToken}).
 *
 * @example
 * ```ts
 * if (!checkToken(hello.token, process.env.DAEMON_TOKEN ?? '')) socket.destroy();
 * ```
 */
export function checkToken(presented: string | undefined, accepted: string | readonly string[]): boolean {
  return matchToken(presented, typeof accepted === 'string' ? [accepted] : accepted) !== undefined;
}

/**
 * The token of an `Authorization: Bearer <token>` header (the scheme in any case), or `undefined`
 * when the header is missing or of another scheme.
 *
 * @example
 * ```ts
 * bearerToken('Bearer abc'); // 'abc'
 * bearerToken('Basic abc'); // undefined
 * ```
 */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer (.+)$/i.exec(header ?? '')?.[1];
}
