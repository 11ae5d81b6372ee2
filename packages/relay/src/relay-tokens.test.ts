import { describe, expect, it, vi } from 'vitest';
import { RelayTokens } from './relay-tokens.js';

const A = 'token-a-0123456789abcdef';
const B = 'token-b-0123456789abcdef';
const C = 'token-c-0123456789abcdef';

describe('RelayTokens', () => {
  it('accepts the previous token for the grace period, then retires it', () => {
    vi.useFakeTimers();
    try {
      const retired: string[] = [];
      const tokens = new RelayTokens(A, 1000, (token) => retired.push(token));
      expect(tokens.match(`Bearer ${A}`)).toBe(A);
      tokens.replace(B);
      expect(tokens.match(`Bearer ${A}`)).toBe(A);
      expect(tokens.match(`Bearer ${B}`)).toBe(B);
      expect(tokens.all).toEqual([B, A]);
      vi.advanceTimersByTime(1000);
      expect(retired).toEqual([A]);
      expect(tokens.match(`Bearer ${A}`)).toBeUndefined();
      expect(tokens.all).toEqual([B]);
      // Replaced again within a grace: the one before is retired at once.
      tokens.replace(C);
      tokens.replace(A);
      expect(retired).toEqual([A, B]);
      expect(tokens.match(`Bearer ${C}`)).toBe(C);
      expect(tokens.match('Bearer nope')).toBeUndefined();
      tokens.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes only the exact token, behind the Bearer scheme', () => {
    const tokens = new RelayTokens(A, 1000, () => {});
    expect(tokens.match(`bearer ${A}`)).toBe(A);
    expect(tokens.match(`Bearer ${A}X`)).toBeUndefined();
    expect(tokens.match(`Bearer ${A.slice(0, -1)}`)).toBeUndefined();
    expect(tokens.match(A)).toBeUndefined();
    expect(tokens.match(`Basic ${A}`)).toBeUndefined();
    expect(tokens.match(undefined)).toBeUndefined();
    tokens.close();
  });
});
