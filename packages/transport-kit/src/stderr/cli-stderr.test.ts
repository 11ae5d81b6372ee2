import { describe, expect, it } from 'vitest';
import { CliStderr } from './cli-stderr.js';

describe('CliStderr', () => {
  it('gives the callback whole lines, however the chunks cut them, and keeps a bounded tail', () => {
    const lines: string[] = [];
    const stderr = new CliStderr({ maxLines: 2, maxBytes: 1024 }, (line) => lines.push(line));
    stderr.push(Buffer.from('first li'));
    stderr.push(Buffer.from('ne\r\nsecond\nthi'));
    stderr.push(Buffer.from([0xc3]));
    stderr.push(Buffer.from([0xa9]));
    expect(lines).toEqual(['first line', 'second']);
    stderr.flush();
    expect(lines).toEqual(['first line', 'second', 'thié']);
    expect(stderr.tail).toBe('second\nthié');
  });

  it('a callback that throws or rejects does not stop the lines, nor the tail', async () => {
    let calls = 0;
    const throwing = new CliStderr({ maxLines: 10, maxBytes: 1024 }, () => {
      calls++;
      throw new Error('logger down');
    });
    expect(() => throwing.push(Buffer.from('a\nb\n'))).not.toThrow();
    expect(calls).toBe(2);
    expect(throwing.tail).toBe('a\nb');

    const rejecting = new CliStderr({ maxLines: 10, maxBytes: 1024 }, (() =>
      Promise.reject(new Error('logger down'))) as unknown as (line: string) => void);
    rejecting.push(Buffer.from('c\n'));
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejecting.tail).toBe('c');
  });
});
