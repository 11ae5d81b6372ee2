/**
 * CliTransport.messages(): the CLI's stdout read as NDJSON (`ndjson-reader.ts`) into the inbound
 * stream, with flow control.
 */
import { type InboundMessage, MessageTooLargeError } from '@hexagent/core';
import { collectSettled, isRunning } from '@hexagent/testing';
import { resetWarnings } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/helpers/checks.js';
import { line, started, transportOver, useCliTransportCleanup } from '../test/helpers/cli-transport-harness.js';
import { SCRIPTED } from '../test/helpers/stand-in.js';
import { SKIPPED_LINE_WARNING } from './note-skipped-line.js';

/** A CLI that writes a small message, one message with `size` characters of data, and another small one. */
const bigLine = (size: number) => ({
  onStart: [{ send: { type: 'before' } }, { bigLine: size }, { send: { type: 'after' } }],
});

useCliTransportCleanup();

describe('CliTransport.messages', () => {
  it('yields each line as a parsed object, in order, and ends when the CLI exits', async () => {
    const transport = await started(transportOver(SCRIPTED));
    const sent = [
      { type: 'a', n: 1 },
      { type: 'b', text: 'héllo 😀 中文 \u2028' },
      { type: 'c', nested: { x: [1, 2] } },
    ];
    for (const message of sent) await transport.send(message);
    transport.endInput();
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(error).toBeUndefined();
    expect(items).toEqual(sent);
    expect(transport.isOpen).toBe(false);
  });

  it('delivers many messages in order through a small buffer and a slow reader', async () => {
    const transport = await started(
      transportOver({ onStart: [{ lines: 5000 }, { exit: 0 }] }, {}, { highWaterMark: 8 }),
    );
    let expected = 0;
    for await (const message of transport.messages()) {
      expect(message).toEqual({ type: 'line', i: expected });
      expected++;
      // The time is the point: a reader slower than the CLI, so the buffer fills and reading pauses.
      if (expected % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(expected).toBe(5000);
  });

  it('parses a 5 MB line', async () => {
    const transport = await started(transportOver(bigLine(5 * 1024 * 1024)));
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'before' });
    const big = (await iterator.next()).value as InboundMessage;
    expect(big.type).toBe('big');
    expect((big['data'] as string).length).toBe(5 * 1024 * 1024);
    expect((await iterator.next()).value).toEqual({ type: 'after' });
  });

  it('throws MessageTooLargeError for a line over maxMessageBytes, after the messages before it, and stops the CLI', async () => {
    const transport = await started(transportOver(bigLine(5 * 1024 * 1024), { maxMessageBytes: 1024 * 1024 }));
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(items).toEqual([{ type: 'before' }]);
    expect(MessageTooLargeError.isInstance(error)).toBe(true);
    expect((error as MessageTooLargeError).maxBytes).toBe(1024 * 1024);
    expect(transport.isOpen).toBe(false);
    await waitFor(() => !isRunning(transport.pid ?? -1));
  });

  it('skips empty and whitespace-only lines and accepts CRLF and an unterminated last line', async () => {
    const output = `\n${line({ type: 'a' })}   \n\t\r\n${JSON.stringify({ type: 'b' })}\r\n\n{"type":"c"}`;
    const transport = await started(transportOver({ onStart: [{ write: output }, { exit: 0 }] }));
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(error).toBeUndefined();
    expect(items).toEqual([{ type: 'a' }, { type: 'b' }, { type: 'c' }]);
  });

  it('skips a line that is not JSON and reads on, as the official SDK does; a warning notes it', async () => {
    resetWarnings();
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => warnings.push(String(warning.code));
    process.on('warning', onWarning);
    try {
      const output = `${line({ type: 'first' })}this is not json\n${line({ type: 'after' })}`;
      const transport = await started(transportOver({ onStart: [{ write: output }, { exit: 0 }] }));
      const { messages: items, error } = await collectSettled(transport.messages());
      expect(items).toEqual([{ type: 'first' }, { type: 'after' }]);
      expect(error).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings).toContain(SKIPPED_LINE_WARNING);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it.each(['[1,2]', 'null', '42', '"text"', 'true'])(
    'skips a line that is not an object (%s) and reads on',
    async (value) => {
      const output = `${value}\n${line({ type: 'after' })}`;
      const transport = await started(transportOver({ onStart: [{ write: output }, { exit: 0 }] }));
      const { messages: items, error } = await collectSettled(transport.messages());
      expect(items).toEqual([{ type: 'after' }]);
      expect(error).toBeUndefined();
    },
  );

  it('ends without error when close() is called during the iteration', async () => {
    const transport = await started(transportOver(SCRIPTED));
    await transport.send({ type: 'hello' });
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'hello' });
    const pending = iterator.next();
    await transport.close();
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('closes the transport when the consumer leaves the loop early', async () => {
    const transport = await started(transportOver({ onStart: [{ lines: 100_000 }, { exit: 0 }] }));
    let seen = 0;
    for await (const _message of transport.messages()) {
      if (++seen === 3) break;
    }
    await waitFor(() => !isRunning(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('may be called only once', async () => {
    const transport = transportOver(SCRIPTED);
    transport.messages();
    expect(() => transport.messages()).toThrow(/only once/);
  });
});
