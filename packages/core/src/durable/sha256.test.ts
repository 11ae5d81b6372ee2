import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.js';

const node = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on every length around the block boundaries and on non-ASCII text', () => {
    for (let length = 0; length < 300; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7 + length) % 90))).join('');
      expect(sha256Hex(text), `length ${length}`).toBe(node(text));
    }
    for (const text of ['é', '日本語のテキスト', '😀 emoji', '\u0000nul', 'a'.repeat(100_000)]) {
      expect(sha256Hex(text)).toBe(node(text));
    }
  });
});
