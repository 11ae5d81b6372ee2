/** CliTransport.subscribe(): push mode over core's InboundMessageStream. */
import type { InboundMessage } from '@hexagent/core';
import { isRunning } from '@hexagent/testing';
import { ProcessError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/helpers/checks.js';
import { line, started, transportOver, useCliTransportCleanup } from '../test/helpers/cli-transport-harness.js';
import { SCRIPTED } from '../test/helpers/stand-in.js';
import type { CliTransport } from './cli-transport.js';

useCliTransportCleanup();

/** Subscribes and resolves once `end` is called, with what the sink saw. */
function subscribeAll(
  transport: CliTransport,
  onMessage?: (message: InboundMessage) => void,
): Promise<{ items: InboundMessage[]; error: unknown; ends: number }> {
  return new Promise((resolve) => {
    const items: InboundMessage[] = [];
    let ends = 0;
    transport.subscribe({
      message: (message) => {
        if (ends > 0) throw new Error('message after end');
        items.push(message);
        onMessage?.(message);
      },
      end: (error) => {
        ends++;
        // The time is the point: a second end(), if there were one, within 20 ms is counted before resolving.
        setTimeout(() => resolve({ items, error, ends }), 20);
      },
    });
  });
}

/** True once the transport's inbound buffer reached its high-water mark and paused reading the CLI. */
function inboundPaused(transport: CliTransport): boolean {
  const inbound = transport['inbound'] as unknown as { queue: { isPaused: boolean } };
  return inbound.queue.isPaused;
}

describe('CliTransport.subscribe', () => {
  it('pushes every message in order, then ends once without error', async () => {
    const transport = await started(transportOver({ onStart: [{ lines: 5000 }, { exit: 0 }] }));
    const { items, error, ends } = await subscribeAll(transport);
    expect(error).toBeUndefined();
    expect(ends).toBe(1);
    expect(items).toEqual(Array.from({ length: 5000 }, (_, i) => ({ type: 'line', i })));
  });

  it('hands over the messages buffered before it, after reading had paused on the high-water mark', async () => {
    const transport = await started(
      transportOver({ onStart: [{ lines: 3000 }, { exit: 0 }] }, {}, { highWaterMark: 8 }),
    );
    await waitFor(() => inboundPaused(transport));
    const { items, error } = await subscribeAll(transport);
    expect(error).toBeUndefined();
    expect(items.map((item) => item['i'])).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('skips a line that is not JSON and delivers the messages after it', async () => {
    const output = `${line({ type: 'first' })}this is not json\n${line({ type: 'after' })}`;
    const transport = await started(transportOver({ onStart: [{ write: output }, { exit: 0 }] }));
    const { items, error, ends } = await subscribeAll(transport);
    expect(items).toEqual([{ type: 'first' }, { type: 'after' }]);
    expect(error).toBeUndefined();
    expect(ends).toBe(1);
  });

  it('ends with ProcessError when the CLI exits non-zero, also for a subscriber that comes after the exit', async () => {
    const transport = await started(
      transportOver({ onStart: [{ stderr: 'fatal: boom\n' }, { write: line({ type: 'one' }) }, { exit: 3 }] }),
    );
    await waitFor(() => !isRunning(transport.pid ?? -1));
    // The transport has taken the exit in: the subscriber comes after it.
    await waitFor(() => !transport.isOpen);
    const { items, error, ends } = await subscribeAll(transport);
    expect(items).toEqual([{ type: 'one' }]);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).exitCode).toBe(3);
    expect((error as ProcessError).stderrTail).toBe('fatal: boom');
    expect(ends).toBe(1);
  });

  it('treats a sink that throws as fatal: the CLI is stopped and end() gets the error', async () => {
    const transport = await started(transportOver({ onStart: [{ lines: 100_000 }, { exit: 0 }] }));
    const boom = new Error('consumer bug');
    let seen = 0;
    const { error, ends } = await subscribeAll(transport, () => {
      if (++seen === 10) throw boom;
    });
    expect(error).toBe(boom);
    expect(ends).toBe(1);
    expect(seen).toBe(10);
    await waitFor(() => !isRunning(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('ends without error when close() is called', async () => {
    const transport = await started(transportOver(SCRIPTED));
    const done = subscribeAll(transport);
    await transport.send({ type: 'hello' });
    await transport.close();
    const { error, ends } = await done;
    expect(error).toBeUndefined();
    expect(ends).toBe(1);
  });

  it('may not be combined with messages()', () => {
    const transport = transportOver(SCRIPTED);
    transport.subscribe({ message: () => {}, end: () => {} });
    expect(() => transport.messages()).toThrow(/only once/);
    const other = transportOver(SCRIPTED);
    other.messages();
    expect(() => other.subscribe({ message: () => {}, end: () => {} })).toThrow(/only once/);
  });
});
