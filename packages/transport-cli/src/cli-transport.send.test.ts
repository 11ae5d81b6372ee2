/**
 * CliTransport.send(): writing lines to the CLI (`corked-writer.ts`) and the errors of a closed
 * input.
 */
import { TransportInputClosedError } from '@hexagent/core';
import { ProcessError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../test/helpers/checks.js';
import { started, transportOver, useCliTransportCleanup } from '../test/helpers/cli-transport-harness.js';
import { SCRIPTED } from '../test/helpers/stand-in.js';

useCliTransportCleanup();

describe('CliTransport.send', () => {
  it('rejects with TransportInputClosedError before start, after endInput() and after close()', async () => {
    const transport = transportOver(SCRIPTED);
    expect(TransportInputClosedError.isInstance(await rejectionOf(transport.send({ type: 'x' })))).toBe(true);
    await started(transport);
    transport.endInput();
    transport.endInput();
    const afterEnd = await rejectionOf(transport.send({ type: 'x' }));
    expect(TransportInputClosedError.isInstance(afterEnd)).toBe(true);
    expect((afterEnd as Error).message).toMatch(/input is closed/);
    await transport.close();
    expect(TransportInputClosedError.isInstance(await rejectionOf(transport.send({ type: 'x' })))).toBe(true);
  });

  it('rejects with ProcessError, and raises no unhandled error, when the CLI closed its input (EPIPE)', async () => {
    const transport = await started(
      transportOver(
        { onStart: [{ close: ['stdin'] }, { send: { type: 'ready' } }, { sleep: 20_000 }, { exit: 0 }] },
        {},
        { closeTimeoutMs: 200 },
      ),
    );
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ready' });
    let error: unknown;
    // A small write may sit in the pipe before the kernel notices; keep writing until it fails.
    for (let i = 0; i < 50 && error === undefined; i++) {
      error = await transport.send({ type: 'data', payload: 'x'.repeat(64 * 1024) }).catch((e: unknown) => e);
    }
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/input is closed/);
    expect(((error as Error).cause as NodeJS.ErrnoException | undefined)?.code).toBe('EPIPE');
    expect(ProcessError.isInstance(await rejectionOf(transport.send({ type: 'again' })))).toBe(true);
  });
});
