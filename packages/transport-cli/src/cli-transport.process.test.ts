import { TransportInputClosedError } from '@hexagent/core';
import { collectSettled, isRunning } from '@hexagent/testing';
import { ProcessError } from '@hexagent/transport-kit';
import { describe, expect, it } from 'vitest';
import { rejectionOf, waitFor } from '../test/helpers/checks.js';
import { line, started, transportOver, useCliTransportCleanup } from '../test/helpers/cli-transport-harness.js';
import { SCRIPTED } from '../test/helpers/stand-in.js';

useCliTransportCleanup();

describe('CliTransport: the CLI exiting on its own', () => {
  it('throws ProcessError with the exit code and the stderr tail when the CLI exits non-zero', async () => {
    const transport = await started(
      transportOver({
        onStart: [
          { stderr: 'warming up\nfatal: boom\n' },
          { write: line({ type: 'one' }) + line({ type: 'two' }) },
          { exit: 3 },
        ],
      }),
    );
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(items).toEqual([{ type: 'one' }, { type: 'two' }]);
    expect(ProcessError.isInstance(error)).toBe(true);
    const processError = error as ProcessError;
    expect(processError.exitCode).toBe(3);
    expect(processError.signal).toBeUndefined();
    expect(processError.stderrTail).toBe('warming up\nfatal: boom');
    expect(processError.message).toContain('exited with code 3');
    expect(transport.isOpen).toBe(false);
  });

  it('throws ProcessError with the signal when the CLI is killed by one it was not sent by close()', async () => {
    const transport = await started(
      transportOver({ onStart: [{ write: line({ type: 'one' }) }, { kill: 'SIGKILL' }] }),
    );
    const { messages: items, error } = await collectSettled(transport.messages());
    expect(items).toEqual([{ type: 'one' }]);
    expect(ProcessError.isInstance(error)).toBe(true);
    expect((error as ProcessError).signal).toBe('SIGKILL');
    expect((error as ProcessError).exitCode).toBeUndefined();
  });

  it('keeps only the configured number of stderr lines in the tail', async () => {
    const stderr = Array.from({ length: 10 }, (_, i) => `line ${i}\n`).join('');
    const transport = await started(
      transportOver({ onStart: [{ stderr }, { exit: 1 }] }, {}, { stderrBufferLines: 3 }),
    );
    const { error } = await collectSettled(transport.messages());
    expect((error as ProcessError).stderrTail).toBe('line 7\nline 8\nline 9');
    expect(transport.stderrTail).toBe('line 7\nline 8\nline 9');
  });
});

describe('CliTransport stderr', () => {
  it('passes each stderr line to options.stderr, even when the callback throws', async () => {
    const lines: string[] = [];
    const transport = await started(
      transportOver(SCRIPTED, {
        stderr: (text) => {
          lines.push(text);
          throw new Error('a faulty logger');
        },
      }),
    );
    await transport.send({ type: 'stand_in', steps: [{ stderr: 'first line\nsecond ' }] });
    await transport.send({ type: 'stand_in', steps: [{ stderr: 'line\r\nthird 😀\n' }] });
    await transport.send({ type: 'ping' });
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ping' });
    await waitFor(() => lines.length >= 3);
    expect(lines).toEqual(['first line', 'second line', 'third 😀']);
    expect(transport.isOpen).toBe(true);
  });

  it('swallows a rejected promise from an async stderr callback', async () => {
    const transport = await started(
      transportOver(
        { onStart: [{ stderr: 'oops\n' }, { exit: 0 }] },
        {
          stderr: async () => {
            throw new Error('async logger failure');
          },
        },
      ),
    );
    const { error } = await collectSettled(transport.messages());
    expect(error).toBeUndefined();
  });
});

describe('CliTransport.close', () => {
  it('stops a CLI that ignores SIGTERM and its input ending, with SIGKILL, in bounded time', async () => {
    const transport = await started(
      transportOver(
        { ignoreSignals: ['SIGTERM'], onStart: [{ send: { type: 'ready' } }, { hang: true }], onEnd: [] },
        {},
        { closeTimeoutMs: 200 },
      ),
    );
    const iterator = transport.messages()[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'ready' });
    const startedAt = performance.now();
    await transport.close();
    const elapsed = performance.now() - startedAt;
    // Two 200 ms windows (EOF, then SIGTERM), then SIGKILL. The upper bound is under the two default
    // windows (2 × 2 s), so the setting was used; 2 s, with room for SIGKILL's reaping only, failed under load.
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(3_500);
    expect(isRunning(transport.pid ?? -1)).toBe(false);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('is idempotent, leaves nothing running, and ends messages()', async () => {
    const transport = await started(transportOver(SCRIPTED));
    const drained = collectSettled(transport.messages());
    const first = transport.close();
    expect(transport.isOpen).toBe(false);
    expect(TransportInputClosedError.isInstance(await rejectionOf(transport.send({ type: 'late' })))).toBe(true);
    const second = transport.close();
    expect(second).toBe(first);
    await first;
    expect(transport.isOpen).toBe(false);
    expect(isRunning(transport.pid ?? -1)).toBe(false);
    expect(await drained).toEqual({ messages: [], error: undefined });
    await transport.close();
  });

  it('resolves at once after the CLI has exited by itself', async () => {
    const transport = await started(transportOver({ onStart: [{ exit: 0 }] }));
    await collectSettled(transport.messages());
    const startedAt = performance.now();
    await transport.close();
    expect(performance.now() - startedAt).toBeLessThan(100);
  });

  it('closes the transport when the abort controller aborts', async () => {
    const abortController = new AbortController();
    const transport = await started(transportOver(SCRIPTED, { abortController }));
    const drained = collectSettled(transport.messages());
    abortController.abort();
    expect(await drained).toEqual({ messages: [], error: undefined });
    await waitFor(() => !isRunning(transport.pid ?? -1));
    expect(transport.isOpen).toBe(false);
  });

  it('can be called before start()', async () => {
    const transport = transportOver(SCRIPTED);
    await transport.close();
    expect(transport.isOpen).toBe(false);
    expect(await collectSettled(transport.messages())).toEqual({ messages: [], error: undefined });
  });
});
