import { describe, expect, it } from 'vitest';
import { FakeTransport, flush } from '../../test/helpers/fakes.js';
import type { TransportSink } from '../ports/transport.js';
import type { InboundMessage } from '../types/control.js';
import { readTransport } from './read-transport.js';

function recordingSink(): TransportSink & { seen: string[]; ends: unknown[] } {
  const seen: string[] = [];
  const ends: unknown[] = [];
  return {
    seen,
    ends,
    message: (message) => {
      seen.push(String(message.type));
    },
    end: (error) => {
      ends.push(error);
    },
  };
}

const msg = (type: string): InboundMessage => ({ type });

describe('readTransport', () => {
  it('takes the push path when the transport has subscribe: messages arrive synchronously', () => {
    const transport = new FakeTransport('subscribe');
    transport.emit(msg('a'));
    const sink = recordingSink();
    readTransport(transport, sink);
    expect(sink.seen).toEqual(['a']);
    transport.emit(msg('b'));
    expect(sink.seen).toEqual(['a', 'b']);
    transport.endOutput();
    expect(sink.ends).toEqual([undefined]);
    expect(transport.subscribeCalls).toBe(1);
    expect(transport.messagesCalls).toBe(0);
  });

  it('falls back to iterating messages() and ends the sink once, after the messages', async () => {
    const transport = new FakeTransport('messages');
    const sink = recordingSink();
    readTransport(transport, sink);
    transport.emit(msg('a'));
    transport.emit(msg('b'));
    expect(sink.seen).toEqual([]);
    await flush();
    expect(sink.seen).toEqual(['a', 'b']);
    transport.endOutput();
    await flush();
    expect(sink.ends).toEqual([undefined]);
    expect(transport.messagesCalls).toBe(1);
  });

  it.each(['messages', 'subscribe'] as const)(
    'passes a fatal fault to end() after the messages before it (%s)',
    async (mode) => {
      const transport = new FakeTransport(mode);
      const sink = recordingSink();
      readTransport(transport, sink);
      const fault = new Error('bad line');
      transport.emit(msg('a'));
      transport.endOutput(fault);
      await flush();
      expect(sink.seen).toEqual(['a']);
      expect(sink.ends).toEqual([fault]);
    },
  );

  it('ends the reading with the error when the sink throws while iterating messages()', async () => {
    const transport = new FakeTransport('messages');
    const boom = new Error('sink failed');
    const ends: unknown[] = [];
    readTransport(transport, {
      message: () => {
        throw boom;
      },
      end: (error) => ends.push(error),
    });
    transport.emit(msg('a'));
    await flush();
    expect(ends).toEqual([boom]);
  });
});
