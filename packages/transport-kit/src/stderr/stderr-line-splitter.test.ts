import { describe, expect, it } from 'vitest';
import { StderrLineSplitter } from './stderr-line-splitter.js';

function split(chunks: Buffer[], maxLineLength?: number): string[] {
  const lines: string[] = [];
  const splitter = new StderrLineSplitter((line) => lines.push(line), maxLineLength);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.flush();
  return lines;
}

describe('StderrLineSplitter', () => {
  it('splits lines across chunks, drops CR before LF, and emits the unterminated last line', () => {
    expect(split([Buffer.from('a\nb'), Buffer.from('c\r\n\nd')])).toEqual(['a', 'bc', '', 'd']);
  });

  it('decodes a multi-byte character split across chunks', () => {
    const bytes = Buffer.from('x😀y\n', 'utf8');
    const chunks = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(split(chunks)).toEqual(['x😀y']);
  });

  it('breaks an endless line into pieces instead of buffering it all', () => {
    const lines: string[] = [];
    const splitter = new StderrLineSplitter((line) => lines.push(line), 4);
    splitter.push(Buffer.from('abcdefghij'));
    expect(lines).toEqual(['abcd', 'efgh']);
    splitter.push(Buffer.from('k\n'));
    expect(lines).toEqual(['abcd', 'efgh', 'ijk']);
    expect(split([Buffer.from('123456789\n')], 4)).toEqual(['1234', '5678', '9']);
  });

  it('emits nothing for empty input', () => {
    expect(split([])).toEqual([]);
  });
});
