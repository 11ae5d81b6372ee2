import { describe, expect, it } from 'vitest';
import type { TransportSink } from '../ports/transport.js';
import type { InboundMessage } from '../types/control.js';
import { AsyncQueue } from './async-queue.js';
import { InboundMessageStream } from './inbound-message-stream.js';

const msg = (type: string): InboundMessage => ({ type });

/** A sink that records what it is given; `onMessage` runs inside `message`. */
function recordingSink(onMessage?: (message: InboundMessage) => void): TransportSink & {
  seen: string[];
  ends: unknown[];
  maxDepth: number;
} {
  let depth = 0;
  const sink = {
    seen: [] as string[],
    ends: [] as unknown[],
    maxDepth: 0,
    message: (message: InboundMessage) => {
      depth += 1;
      sink.maxDepth = Math.max(sink.maxDepth, depth);
      try {
        if (sink.ends.length > 0) throw new Error('message after end');
        sink.seen.push(String(message.type));
        onMessage?.(message);
      } finally {
        depth -= 1;
      }
    },
    end: (error?: unknown) => {
      sink.ends.push(error);
    },
  };
  return sink;
}

async function drain(iterable: AsyncIterable<InboundMessage>): Promise<{ seen: string[]; error: unknown }> {
  const seen: string[] = [];
  try {
    for await (const message of iterable) seen.push(String(message.type));
  } catch (error) {
    return { seen, error };
  }
  return { seen, error: undefined };
}

describe('InboundMessageStream read with messages()', () => {
  it('yields the messages pushed before and after the reader came, then ends', async () => {
    const stream = new InboundMessageStream();
    stream.push(msg('a'));
    const reading = drain(stream.messages());
    stream.push(msg('b'));
    stream.end();
    expect(await reading).toEqual({ seen: ['a', 'b'], error: undefined });
  });

  it('throws the end error after the messages before it; only the first end counts', async () => {
    const stream = new InboundMessageStream();
    const fault = new Error('bad line');
    stream.push(msg('a'));
    stream.end(fault);
    stream.end(new Error('second'));
    stream.end();
    expect(await drain(stream.messages())).toEqual({ seen: ['a'], error: fault });
  });

  it('ignores pushes after the end', async () => {
    const stream = new InboundMessageStream();
    expect(stream.isEnded).toBe(false);
    stream.end();
    expect(stream.isEnded).toBe(true);
    stream.push(msg('late'));
    expect(await drain(stream.messages())).toEqual({ seen: [], error: undefined });
  });

  it('uses the queue it is given, whose onReturn tells when the consumer stops early', async () => {
    let returned = 0;
    const stream = new InboundMessageStream({ queue: new AsyncQueue<InboundMessage>(() => returned++) });
    stream.push(msg('a'));
    stream.push(msg('b'));
    for await (const _message of stream.messages()) break;
    expect(returned).toBe(1);
    expect(stream.isEnded).toBe(true);
  });
});

describe('InboundMessageStream read with subscribe()', () => {
  it('hands over the buffered messages first, then each new one synchronously, then ends once', () => {
    const stream = new InboundMessageStream();
    stream.push(msg('a'));
    stream.push(msg('b'));
    const sink = recordingSink();
    stream.subscribe(sink);
    expect(sink.seen).toEqual(['a', 'b']);
    stream.push(msg('c'));
    expect(sink.seen).toEqual(['a', 'b', 'c']);
    stream.end();
    stream.end(new Error('ignored'));
    expect(sink.ends).toEqual([undefined]);
  });

  it('gives a subscriber that comes after the end the messages, then the end error', () => {
    const stream = new InboundMessageStream();
    const fault = new Error('exit 3');
    stream.push(msg('a'));
    stream.end(fault);
    const sink = recordingSink();
    stream.subscribe(sink);
    expect(sink.seen).toEqual(['a']);
    expect(sink.ends).toEqual([fault]);
  });

  it('never re-enters the sink: a message pushed from inside message() follows when it returns', () => {
    const stream = new InboundMessageStream();
    const sink = recordingSink((message) => {
      if (message.type === 'a') {
        stream.push(msg('b'));
        stream.push(msg('c'));
        expect(sink.seen).toEqual(['a']);
      }
    });
    stream.subscribe(sink);
    stream.push(msg('a'));
    stream.push(msg('d'));
    expect(sink.seen).toEqual(['a', 'b', 'c', 'd']);
    expect(sink.maxDepth).toBe(1);
  });

  it('an end from inside message() comes after that call and the messages pushed before it', () => {
    const stream = new InboundMessageStream();
    const sink = recordingSink((message) => {
      if (message.type === 'a') {
        stream.push(msg('b'));
        stream.end();
        stream.push(msg('never'));
        expect(sink.ends).toEqual([]);
      }
    });
    stream.subscribe(sink);
    stream.push(msg('a'));
    expect(sink.seen).toEqual(['a', 'b']);
    expect(sink.ends).toEqual([undefined]);
    expect(sink.maxDepth).toBe(1);
  });

  it('re-entry during the hand-over of buffered messages keeps the order too', () => {
    const stream = new InboundMessageStream();
    stream.push(msg('a'));
    stream.push(msg('b'));
    const sink = recordingSink((message) => {
      if (message.type === 'a') stream.push(msg('c'));
    });
    stream.subscribe(sink);
    expect(sink.seen).toEqual(['a', 'b', 'c']);
  });

  it('a sink that throws ends the stream with its error, once, and tells the owner', () => {
    const errors: unknown[] = [];
    const stream = new InboundMessageStream({ onSinkError: (error) => errors.push(error) });
    const boom = new Error('consumer bug');
    const sink = recordingSink((message) => {
      if (message.type === 'b') {
        stream.push(msg('queued'));
        throw boom;
      }
    });
    stream.subscribe(sink);
    stream.push(msg('a'));
    stream.push(msg('b'));
    expect(sink.ends).toEqual([boom]);
    expect(errors).toEqual([boom]);
    expect(stream.isEnded).toBe(true);
    stream.push(msg('c'));
    stream.end(new Error('later'));
    expect(sink.seen).toEqual(['a', 'b']);
    expect(sink.ends).toEqual([boom]);
    expect(errors).toEqual([boom]);
  });

  it('a sink that throws on a buffered message ends the stream the same way', () => {
    const errors: unknown[] = [];
    const stream = new InboundMessageStream({ onSinkError: (error) => errors.push(error) });
    const boom = new Error('consumer bug');
    stream.push(msg('a'));
    stream.push(msg('b'));
    const sink = recordingSink(() => {
      throw boom;
    });
    stream.subscribe(sink);
    expect(sink.seen).toEqual(['a']);
    expect(sink.ends).toEqual([boom]);
    expect(errors).toEqual([boom]);
  });
});

describe('InboundMessageStream readers', () => {
  it('refuses a second reader, in either order, naming the owner', () => {
    const first = new InboundMessageStream({ owner: 'MyTransport' });
    first.messages();
    expect(() => first.messages()).toThrow('MyTransport: messages() or subscribe() may be called only once');
    expect(() => first.subscribe(recordingSink())).toThrow(/only once/);
    const second = new InboundMessageStream();
    second.subscribe(recordingSink());
    expect(() => second.messages()).toThrow(/only once/);
    expect(() => second.subscribe(recordingSink())).toThrow(/only once/);
  });
});
