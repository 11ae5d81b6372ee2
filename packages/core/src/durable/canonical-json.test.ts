import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { canonicalJson } from './canonical-json.js';
import { inputDigest } from './input-digest.js';

describe('canonicalJson and inputDigest', () => {
  it('sorts keys at every depth and writes no whitespace (RFC 8785 examples of key order)', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: null }], a: 'x', '€': 1, '\r': 2, '1': 3 })).toBe(
      '{"\\r":2,"1":3,"a":"x","b":[3,{"a":null,"z":1}],"€":1}',
    );
    expect(canonicalJson({ n: 1e21, f: 0.1, neg: -0, big: 1e-7 })).toBe('{"big":1e-7,"f":0.1,"n":1e+21,"neg":0}');
  });

  it('gives equal digests for equal inputs in any key order, and another for any changed value', () => {
    const digest = inputDigest({ env: 'prod', opts: { force: false, region: 'eu' } });
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(inputDigest({ opts: { region: 'eu', force: false }, env: 'prod' })).toBe(digest);
    expect(inputDigest({ env: 'prod', opts: { force: true, region: 'eu' } })).not.toBe(digest);
    expect(inputDigest({ env: 'prod', opts: { force: false, region: 'eu', extra: 1 } })).not.toBe(digest);
    expect(inputDigest({ env: 'prod', opts: { force: false, region: 'eu', gone: undefined } })).toBe(digest);
  });

  it('refuses what JSON cannot hold, naming where', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const [value, where] of [
      [{ a: Number.NaN }, 'input.a'],
      [{ a: [1, undefined] }, 'input.a[1]'],
      [{ f: () => 1 }, 'input.f'],
      [{ n: 1n }, 'input.n'],
      [cyclic, 'input.self'],
    ] as const) {
      let thrown: unknown;
      try {
        canonicalJson(value);
      } catch (error) {
        thrown = error;
      }
      expect(InvalidOptionError.isInstance(thrown)).toBe(true);
      expect((thrown as InvalidOptionError).option).toBe(where);
    }
  });
});
