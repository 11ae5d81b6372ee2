import { MessageTooLargeError, ProtocolError } from '@hexagent/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './line-decoder.js';

const encoder = new TextEncoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);

/** Feeds `chunks` and returns every line, plus the flushed remainder (if any) last. */
function decodeAll(decoder: LineDecoder, chunks: Iterable<Uint8Array>): { lines: string[]; rest: string | undefined } {
  const lines: string[] = [];
  for (const chunk of chunks) decoder.push(chunk, (line) => lines.push(line));
  return { lines, rest: decoder.flush() };
}

/** Splits `data` at the given offsets (any order, duplicates allowed, clamped to the length). */
function splitAt(data: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.map((o) => Math.min(o, data.length)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const cut of cuts) {
    chunks.push(data.subarray(start, cut));
    start = cut;
  }
  chunks.push(data.subarray(start));
  return chunks;
}

describe('LineDecoder', () => {
  it('returns one line per newline, in order, for several lines in one chunk', () => {
    const { lines, rest } = decodeAll(new LineDecoder(), [bytes('{"a":1}\n{"b":2}\n{"c":3}\n')]);
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(rest).toBeUndefined();
  });

  it('joins a line split across chunks', () => {
    const decoder = new LineDecoder();
    const lines: string[] = [];
    decoder.push(bytes('{"type":"ass'), (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(decoder.bufferedBytes).toBe(12);
    decoder.push(bytes('istant","n'), (line) => lines.push(line));
    expect(lines).toEqual([]);
    decoder.push(bytes('":1}\n{"next"'), (line) => lines.push(line));
    expect(lines).toEqual(['{"type":"assistant","n":1}']);
    expect(decoder.bufferedBytes).toBe(7);
    decoder.push(bytes(':true}\n'), (line) => lines.push(line));
    expect(lines).toEqual(['{"type":"assistant","n":1}', '{"next":true}']);
    expect(decoder.bufferedBytes).toBe(0);
    expect(decoder.flush()).toBeUndefined();
  });

  it('drops the \\r of CRLF line ends, also when \\r and \\n arrive in different chunks', () => {
    const { lines } = decodeAll(new LineDecoder(), [bytes('one\r\ntwo\r'), bytes('\nthree\r\n')]);
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('keeps a \\r that is not at the end of the line', () => {
    const { lines } = decodeAll(new LineDecoder(), [bytes('a\rb\n')]);
    expect(lines).toEqual(['a\rb']);
  });

  it('returns empty lines as empty strings (the transport skips them)', () => {
    const { lines } = decodeAll(new LineDecoder(), [bytes('\n\na\n\r\n'), bytes('\n')]);
    expect(lines).toEqual(['', '', 'a', '', '']);
  });

  it('flush() returns an unterminated last line, once', () => {
    const decoder = new LineDecoder();
    const { lines, rest } = decodeAll(decoder, [bytes('{"a":1}\n{"tail":'), bytes('true}')]);
    expect(lines).toEqual(['{"a":1}']);
    expect(rest).toBe('{"tail":true}');
    expect(decoder.bufferedBytes).toBe(0);
    expect(decoder.flush()).toBeUndefined();
  });

  it('flush() returns undefined when nothing is buffered', () => {
    expect(new LineDecoder().flush()).toBeUndefined();
  });

  it('handles an empty chunk', () => {
    const { lines, rest } = decodeAll(new LineDecoder(), [new Uint8Array(0), bytes('x\n'), new Uint8Array(0)]);
    expect(lines).toEqual(['x']);
    expect(rest).toBeUndefined();
  });

  it('never splits a multi-byte character, at any chunk boundary', () => {
    const text = '{"t":"é€😀中\u2028\u2029"}\n{"u":"🧑‍🚀"}\n';
    const data = bytes(text);
    // Every possible single cut, and one byte per chunk.
    for (let cut = 0; cut <= data.length; cut++) {
      expect(decodeAll(new LineDecoder(), splitAt(data, [cut])).lines).toEqual(text.split('\n').slice(0, 2));
    }
    const oneByteChunks = Array.from(data, (byte) => Uint8Array.of(byte));
    expect(decodeAll(new LineDecoder(), oneByteChunks).lines).toEqual(['{"t":"é€😀中\u2028\u2029"}', '{"u":"🧑‍🚀"}']);
  });

  it('keeps a byte order mark inside a line wherever the chunks are cut, and drops one that starts a line', () => {
    const text = '{"bom":"\ufeff","x":"\ufeff\ufeff"}\n\ufeff{"first":true}\n';
    const data = bytes(text);
    const expected = ['{"bom":"\ufeff","x":"\ufeff\ufeff"}', '{"first":true}'];
    for (let cut = 0; cut <= data.length; cut++) {
      expect(decodeAll(new LineDecoder(), splitAt(data, [cut, cut + 1, cut + 2])).lines).toEqual(expected);
    }
  });

  it('decodes invalid and truncated sequences as one decode of the whole line does, at any chunk boundary', () => {
    // A stray continuation byte, a lead byte cut by a newline, a lead byte followed by ASCII, an
    // overlong form, a surrogate, bytes past U+10FFFF and a 4-byte sequence missing its last byte.
    const data = Uint8Array.of(
      ...bytes('{"a":"'),
      0x80,
      0xe2,
      0x82,
      ...bytes('"}\n'),
      ...bytes('{"b":"'),
      0xc3,
      ...bytes('x"}\n'),
      ...bytes('{"c":"'),
      0xc0,
      0xaf,
      0xed,
      0xa0,
      0x80,
      0xf4,
      0x90,
      0x80,
      0x80,
      0xf0,
      0x9f,
      0x98,
      ...bytes('"}\n'),
      0xe2,
      0x82,
    );
    const whole = new TextDecoder().decode(data).split('\n');
    for (let cut = 0; cut <= data.length; cut++) {
      for (const size of [1, 2, 3]) {
        const cuts = Array.from({ length: Math.ceil(data.length / size) }, (_, i) => cut + i * size);
        expect(decodeAll(new LineDecoder(), splitAt(data, cuts))).toEqual({ lines: whole.slice(0, 3), rest: whole[3] });
      }
    }
  });

  it('counts a character cut by a chunk boundary in bufferedBytes, and flushes it as U+FFFD', () => {
    const decoder = new LineDecoder();
    decoder.push(Uint8Array.of(0x61, 0xf0, 0x9f), () => {});
    expect(decoder.bufferedBytes).toBe(3);
    decoder.push(Uint8Array.of(0x98), () => {});
    expect(decoder.bufferedBytes).toBe(4);
    expect(decoder.flush()).toBe('a\ufffd');
    expect(decoder.bufferedBytes).toBe(0);
  });

  it('has a 64 MiB default limit', () => {
    expect(DEFAULT_MAX_LINE_BYTES).toBe(64 * 1024 * 1024);
  });

  describe('line size limit', () => {
    it('accepts a line of exactly the limit', () => {
      const { lines, rest } = decodeAll(new LineDecoder(10), [bytes('0123456789\n0123456789')]);
      expect(lines).toEqual(['0123456789']);
      expect(rest).toBe('0123456789');
    });

    it('throws MessageTooLargeError when a terminated line inside one chunk is over the limit', () => {
      const decoder = new LineDecoder(10);
      const lines: string[] = [];
      let error: unknown;
      try {
        decoder.push(bytes('ok\n0123456789A\n'), (line) => lines.push(line));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(MessageTooLargeError);
      expect(ProtocolError.isInstance(error)).toBe(true);
      expect((error as MessageTooLargeError).maxBytes).toBe(10);
      expect(lines).toEqual(['ok']);
      expect(decoder.bufferedBytes).toBe(0);
    });

    it('throws when an unterminated line inside one chunk is over the limit', () => {
      const decoder = new LineDecoder(10);
      expect(() => decoder.push(bytes('0123456789A'), () => {})).toThrow(MessageTooLargeError);
      expect(decoder.bufferedBytes).toBe(0);
    });

    it('throws when a line grows over the limit across chunks, before its newline arrives', () => {
      const decoder = new LineDecoder(10);
      decoder.push(bytes('012345'), () => {});
      expect(() => decoder.push(bytes('6789A'), () => {})).toThrow(MessageTooLargeError);
      expect(decoder.bufferedBytes).toBe(0);
    });

    it('throws when a line split across chunks is over the limit at its newline', () => {
      const decoder = new LineDecoder(10);
      decoder.push(bytes('0123456789'), () => {});
      expect(() => decoder.push(bytes('A\n'), () => {})).toThrow(MessageTooLargeError);
    });

    it('counts bytes, not characters', () => {
      // 4 characters, 12 bytes.
      expect(() => decodeAll(new LineDecoder(10), [bytes('中文中文\n')])).toThrow(MessageTooLargeError);
      expect(decodeAll(new LineDecoder(12), [bytes('中文中文\n')]).lines).toEqual(['中文中文']);
    });

    it('counts exactly where three bytes per character would be over the limit: ASCII, 2-byte, 4-byte and lone surrogates', () => {
      // 6 characters, 6 bytes; 3 per character would be 18.
      expect(decodeAll(new LineDecoder(6), [bytes('abcdef\n')]).lines).toEqual(['abcdef']);
      expect(() => decodeAll(new LineDecoder(5), [bytes('abcdef\n')])).toThrow(MessageTooLargeError);
      // 3 characters of 2 bytes.
      expect(decodeAll(new LineDecoder(6), [bytes('éàü\n')]).lines).toEqual(['éàü']);
      expect(() => decodeAll(new LineDecoder(5), [bytes('éàü\n')])).toThrow(MessageTooLargeError);
      // 2 emoji: 4 UTF-16 units, 8 bytes.
      expect(decodeAll(new LineDecoder(8), [bytes('🚀🚀\n')]).lines).toEqual(['🚀🚀']);
      expect(() => decodeAll(new LineDecoder(7), [bytes('🚀🚀\n')])).toThrow(MessageTooLargeError);
      // An invalid byte decodes to U+FFFD and is one byte on the wire; the limit is checked on what the text would
      // encode to (3 bytes), which can only be stricter.
      expect(() => decodeAll(new LineDecoder(2), [new Uint8Array([0x61, 0xff, 0x0a])])).toThrow(MessageTooLargeError);
      // With a pending part from an earlier chunk, both parts count.
      const decoder = new LineDecoder(8);
      decoder.push(bytes('🚀'), () => {});
      expect(() => decoder.push(bytes('🚀a\n'), () => {})).toThrow(MessageTooLargeError);
    });

    it('decodes a 5 MB line fed in 64 KB chunks with the default limit', () => {
      const payload = 'x'.repeat(5 * 1024 * 1024) + '😀中'.repeat(20);
      const line = JSON.stringify({ type: 'user', tool_use_result: payload });
      const data = bytes(`${line}\n{"type":"result"}\n`);
      expect(data.length).toBeGreaterThan(5 * 1024 * 1024);
      const chunks: Uint8Array[] = [];
      for (let offset = 0; offset < data.length; offset += 64 * 1024) {
        chunks.push(data.subarray(offset, offset + 64 * 1024));
      }
      const { lines, rest } = decodeAll(new LineDecoder(), chunks);
      expect(lines).toHaveLength(2);
      expect(lines[0] === line).toBe(true);
      expect(lines[1]).toBe('{"type":"result"}');
      expect(rest).toBeUndefined();
    });
  });

  describe('property: JSON lines survive any chunking', () => {
    const special = fc.constantFrom(
      '😀',
      '🧑‍🚀',
      '中',
      '文',
      'é',
      '\u2028',
      '\u2029',
      '"',
      '\\',
      '\n',
      '\r',
      '\r\n',
      '\t',
      '\u0000',
      '\uFEFF',
      '\uD800', // a lone surrogate: JSON.stringify escapes it
      '{',
      '}',
    );
    const text = fc.string({ unit: fc.oneof(special, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })) });
    const jsonValue = fc.oneof(
      text,
      fc.record({ type: fc.constant('assistant'), text, n: fc.integer() }),
      fc.array(text, { maxLength: 4 }),
    );

    it('decodes lines that parse back to exactly the originals', () => {
      fc.assert(
        fc.property(
          fc.array(jsonValue, { minLength: 1, maxLength: 12 }),
          fc.array(fc.nat(), { maxLength: 30 }),
          fc.boolean(),
          fc.boolean(),
          (values, rawOffsets, crlf, terminateLast) => {
            const ending = crlf ? '\r\n' : '\n';
            const encoded = values.map((value) => JSON.stringify(value));
            const data = bytes(encoded.join(ending) + (terminateLast ? ending : ''));
            const offsets = rawOffsets.map((o) => o % (data.length + 1));
            const decoder = new LineDecoder();
            const { lines, rest } = decodeAll(decoder, splitAt(data, offsets));
            const all = rest === undefined ? lines : [...lines, rest];
            expect(rest === undefined).toBe(terminateLast);
            expect(all).toEqual(encoded);
            expect(all.map((line) => JSON.parse(line))).toEqual(values);
            expect(decoder.bufferedBytes).toBe(0);
          },
        ),
        { numRuns: 500 },
      );
    });
  });
});
