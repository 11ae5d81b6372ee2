import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { bearerToken, checkToken, matchToken } from './check-token.js';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

describe('checkToken', () => {
  it('accepts the exact token and refuses any other', () => {
    expect(checkToken('a-token-of-16-chars', 'a-token-of-16-chars')).toBe(true);
    expect(checkToken('a-token-of-16-charsX', 'a-token-of-16-chars')).toBe(false);
    expect(checkToken('a-token-of-16-char', 'a-token-of-16-chars')).toBe(false);
    expect(checkToken('A-TOKEN-OF-16-CHARS', 'a-token-of-16-chars')).toBe(false);
    expect(checkToken(undefined, 'a-token-of-16-chars')).toBe(false);
  });

  it('never matches an empty token, presented or accepted', () => {
    expect(checkToken('', '')).toBe(false);
    expect(checkToken(undefined, '')).toBe(false);
    expect(checkToken('', ['', 'other'])).toBe(false);
  });

  it('accepts any of several tokens', () => {
    expect(checkToken('old', ['new', 'old'])).toBe(true);
    expect(checkToken('new', ['new', 'old'])).toBe(true);
    expect(checkToken('neither', ['new', 'old'])).toBe(false);
    expect(checkToken('new', [])).toBe(false);
  });
});

describe('matchToken', () => {
  it('says which accepted token matched', () => {
    expect(matchToken('old', ['new', 'old'])).toBe('old');
    expect(matchToken('new', ['new', 'old'])).toBe('new');
    expect(matchToken('x', ['new', 'old'])).toBeUndefined();
  });

  it('compares every accepted token, in constant time, whichever matched', () => {
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    expect(matchToken('first', ['first', 'second', 'third'])).toBe('first');
    // No early exit: the time taken does not say which token matched.
    expect(compare).toHaveBeenCalledTimes(3);
    for (const [a, b] of compare.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header, the scheme in any case', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
