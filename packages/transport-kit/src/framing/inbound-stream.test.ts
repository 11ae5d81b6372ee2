import type { InboundMessage } from '@hexagent/core';
import { describe, expect, it } from 'vitest';
import { createNdjsonInbound } from './inbound-stream.js';

function pipe(options: { highWaterMark?: number; skipped?: boolean } = {}) {
  const events: string[] = [];
  const faults: unknown[] = [];
  const { inbound, reader } = createNdjsonInbound({
    owner: 'TestTransport',
    highWaterMark: options.highWaterMark ?? 4,
    pause: () => events.push('pause'),
    resume: () => events.push('resume'),
    close: () => events.push('close'),
    sinkError: (error) => faults.push(error),
    ...(options.skipped === true && { skipped: (line: string) => events.push(`skipped ${line}`) }),
    fault: (error) => faults.push(error),
  });
  return { inbound, reader, events, faults };
}

const line = (n: number) => Buffer.from(`${JSON.stringify({ type: 'system', n })}\n`);

describe('createNdjsonInbound', () => {
  it('delivers the lines as messages, pausing the source at the high-water mark and resuming at half', async () => {
    const { inbound, reader, events } = pipe({ highWaterMark: 4 });
    for (let n = 0; n < 4; n++) reader.push(line(n));
    expect(events).toEqual(['pause']);
    reader.end();
    inbound.end();
    const got: InboundMessage[] = [];
    for await (const message of inbound.messages()) got.push(message);
    expect(got.map((m) => (m as { n?: number }).n)).toEqual([0, 1, 2, 3]);
    expect(events).toEqual(['pause', 'resume']);
  });

  it('a reader that leaves early closes the transport; a second reader is refused with the owner named', async () => {
    const { inbound, reader, events } = pipe();
    reader.push(line(1));
    const messages = inbound.messages();
    for await (const _ of messages) break;
    expect(events).toContain('close');
    expect(() => inbound.messages()).toThrow(/TestTransport/);
  });

  it('a line that is not JSON is skipped with `skipped`, and is a fault without it', () => {
    const lenient = pipe({ skipped: true });
    lenient.reader.push(Buffer.from('not json\n'));
    expect(lenient.events).toEqual(['skipped not json']);
    expect(lenient.faults).toEqual([]);
    const strict = pipe();
    strict.reader.push(Buffer.from('not json\n'));
    expect(strict.faults).toHaveLength(1);
  });
});
