import { describe, expect, it } from 'vitest';
import { DEFAULT_STDERR_BUFFER_BYTES, DEFAULT_STDERR_BUFFER_LINES, StderrRingBuffer } from './stderr-ring-buffer.js';

describe('StderrRingBuffer', () => {
  it('keeps the last lines, oldest first', () => {
    const buffer = new StderrRingBuffer({ maxLines: 3 });
    for (const line of ['a', 'b', 'c', 'd', 'e']) buffer.push(line);
    expect(buffer.toArray()).toEqual(['c', 'd', 'e']);
    expect(buffer.toString()).toBe('c\nd\ne');
    expect(buffer.size).toBe(3);
  });

  it('defaults to 100 lines and 16 KiB', () => {
    const buffer = new StderrRingBuffer();
    expect(buffer.maxLines).toBe(DEFAULT_STDERR_BUFFER_LINES);
    expect(DEFAULT_STDERR_BUFFER_LINES).toBe(100);
    expect(buffer.maxBytes).toBe(DEFAULT_STDERR_BUFFER_BYTES);
    expect(DEFAULT_STDERR_BUFFER_BYTES).toBe(16 * 1024);
    for (let i = 0; i < 250; i++) buffer.push(`line ${i}`);
    expect(buffer.size).toBe(100);
    expect(buffer.toArray()[0]).toBe('line 150');
  });

  it('drops old lines to stay within the byte limit, counting UTF-8 bytes', () => {
    const buffer = new StderrRingBuffer({ maxLines: 100, maxBytes: 10 });
    buffer.push('1234');
    buffer.push('5678');
    buffer.push('中文'); // 6 bytes
    expect(buffer.toArray()).toEqual(['5678', '中文']);
    expect(buffer.byteLength).toBe(10);
  });

  it('cuts a single line longer than the byte limit, never inside a character', () => {
    const buffer = new StderrRingBuffer({ maxBytes: 8 });
    buffer.push('older');
    buffer.push('😀😀😀😀');
    const [line] = buffer.toArray();
    expect(buffer.size).toBe(1);
    expect(line).toBe('😀…');
    expect(Buffer.byteLength(line ?? '', 'utf8')).toBeLessThanOrEqual(8);
  });

  it('stays correct over many pushes (compaction)', () => {
    const buffer = new StderrRingBuffer({ maxLines: 5 });
    for (let i = 0; i < 10_000; i++) buffer.push(String(i));
    expect(buffer.toArray()).toEqual(['9995', '9996', '9997', '9998', '9999']);
  });

  it('clears', () => {
    const buffer = new StderrRingBuffer();
    buffer.push('x');
    buffer.clear();
    expect(buffer.toString()).toBe('');
    expect(buffer.byteLength).toBe(0);
  });

  it('rejects limits that are not positive integers', () => {
    expect(() => new StderrRingBuffer({ maxLines: 0 })).toThrow(RangeError);
    expect(() => new StderrRingBuffer({ maxBytes: 1.5 })).toThrow(RangeError);
  });
});
