import { type InboundMessage, JsonDecodeError, MessageTooLargeError } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { NdjsonReader } from './ndjson-reader.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function reader(maxLineBytes?: number): {
  reader: NdjsonReader;
  messages: InboundMessage[];
  faults: unknown[];
  skipped: string[];
} {
  const messages: InboundMessage[] = [];
  const faults: unknown[] = [];
  const skipped: string[] = [];
  const handlers = {
    message: (m: InboundMessage) => messages.push(m),
    fault: (e: unknown) => faults.push(e),
    skipped: (line: string) => skipped.push(line),
  };
  return { reader: new NdjsonReader(handlers, maxLineBytes), messages, faults, skipped };
}

describe('NdjsonReader', () => {
  it('delivers one object per line, across chunk boundaries, skipping blank lines; end() reads the last line', () => {
    const { reader: r, messages, faults } = reader();
    r.push(bytes('{"type":"a"}\n\n  \r\n{"type":'));
    r.push(bytes('"b"}\r\n{"type":"c"}'));
    expect(messages).toEqual([{ type: 'a' }, { type: 'b' }]);
    r.end();
    expect(messages).toEqual([{ type: 'a' }, { type: 'b' }, { type: 'c' }]);
    expect(faults).toEqual([]);
  });

  it.each(['not json', '[1]', 'null', '7', '"s"', '{"cut":'])(
    'skips %s (not a JSON object) and reads on, as the official SDK does',
    (bad) => {
      const { reader: r, messages, faults, skipped } = reader();
      r.push(bytes(`{"type":"a"}\n${bad}\n{"type":"b"}\n`));
      r.push(bytes(bad));
      r.end();
      expect(messages).toEqual([{ type: 'a' }, { type: 'b' }]);
      expect(skipped).toEqual([bad, bad]);
      expect(faults).toEqual([]);
      expect(r.isStopped).toBe(false);
    },
  );

  it.each(['not json', '[1]', 'null', '7', '"s"'])(
    'without a skipped handler reports %s as a JsonDecodeError, once, then ignores the rest',
    (bad) => {
      const messages: InboundMessage[] = [];
      const faults: unknown[] = [];
      const r = new NdjsonReader({ message: (m) => messages.push(m), fault: (e) => faults.push(e) });
      r.push(bytes(`{"type":"a"}\n${bad}\n{"type":"never"}\n`));
      r.push(bytes('{"type":"never"}\n'));
      r.end();
      expect(messages).toEqual([{ type: 'a' }]);
      expect(faults).toHaveLength(1);
      expect(JsonDecodeError.isInstance(faults[0])).toBe(true);
      expect(r.isStopped).toBe(true);
    },
  );

  it('reports a line over the limit as MessageTooLargeError, even before its newline arrives', () => {
    const long = reader(16);
    long.reader.push(bytes(`{"type":"${'x'.repeat(32)}"}\n`));
    expect(long.faults).toHaveLength(1);
    expect(MessageTooLargeError.isInstance(long.faults[0])).toBe(true);
    const unterminated = reader(16);
    unterminated.reader.push(bytes(`{"type":"a"}\n{"type":"${'x'.repeat(32)}`));
    expect(unterminated.messages).toEqual([{ type: 'a' }]);
    expect(MessageTooLargeError.isInstance(unterminated.faults[0])).toBe(true);
  });

  it('stop() ignores all further input without reporting anything', () => {
    const { reader: r, messages, faults } = reader();
    r.stop();
    r.push(bytes('{"type":"a"}\nnot json\n'));
    r.end();
    expect(messages).toEqual([]);
    expect(faults).toEqual([]);
  });

  it('reports an error thrown by the message handler as a fault', () => {
    const boom = new Error('handler bug');
    const faults: unknown[] = [];
    const r = new NdjsonReader({
      message: () => {
        throw boom;
      },
      fault: (error) => faults.push(error),
    });
    r.push(bytes('{"type":"a"}\n{"type":"b"}\n'));
    expect(faults).toEqual([boom]);
  });
});
