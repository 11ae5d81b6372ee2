import { TransportClosedError, TransportInputClosedError, TransportStartError } from '@hexagent/core';
import { describe, expect, it, vi } from 'vitest';
import { TransportLifecycle } from './transport-lifecycle.js';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve = (): void => {};
  let reject = (_error: Error): void => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TransportLifecycle', () => {
  it('opens once start runs, and refuses a second start with TransportStartError', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    expect(lifecycle.state).toBe('new');
    await lifecycle.start(async () => {
      expect(lifecycle.state).toBe('starting');
      expect(lifecycle.opened()).toBe(true);
    });
    expect(lifecycle.isOpen).toBe(true);
    const run = vi.fn(async () => {});
    const second = lifecycle.start(run);
    await expect(second).rejects.toBeInstanceOf(TransportStartError);
    await expect(second).rejects.toThrow('MyTransport.start() may be called only once');
    expect(run).not.toHaveBeenCalled();
  });

  it('close() before start(): closed at once, and start() then rejects with TransportClosedError', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    const stop = vi.fn(async (_wasOpen: boolean) => {});
    await lifecycle.close(stop);
    expect(stop).toHaveBeenCalledWith(false);
    expect(lifecycle.state).toBe('closed');
    const run = vi.fn(async () => {});
    const start = lifecycle.start(run);
    await expect(start).rejects.toBeInstanceOf(TransportClosedError);
    await expect(start).rejects.not.toBeInstanceOf(TransportStartError);
    expect(run).not.toHaveBeenCalled();
  });

  it('close() waits until start() settled, runs stop once, and every call gets the same promise', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    const connected = deferred();
    const started = lifecycle.start(async () => {
      await connected.promise;
      lifecycle.opened();
    });
    const stop = vi.fn(async (_wasOpen: boolean) => {});
    const first = lifecycle.close(stop);
    expect(lifecycle.close(stop)).toBe(first);
    expect(lifecycle.state).toBe('closing');
    expect(stop).not.toHaveBeenCalled();
    connected.resolve();
    await started;
    await first;
    expect(stop).toHaveBeenCalledTimes(1);
    // close() came while starting: the transport was not open, and opening later is refused.
    expect(stop).toHaveBeenCalledWith(false);
    expect(lifecycle.isOpen).toBe(false);
    expect(lifecycle.state).toBe('closed');
  });

  it('tells stop() the transport was open', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    await lifecycle.start(async () => void lifecycle.opened());
    const stop = vi.fn(async (_wasOpen: boolean) => {});
    await lifecycle.close(stop);
    expect(stop).toHaveBeenCalledWith(true);
    expect(lifecycle.isClosing).toBe(true);
  });

  it('a failed start closes the transport and rejects with its error', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    const failure = new Error('cannot connect');
    await expect(lifecycle.start(async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(lifecycle.state).toBe('closed');
    await expect(lifecycle.start(async () => {})).rejects.toBeInstanceOf(TransportClosedError);
  });

  it('refuses send() before open, after endInput() and after close(), with TransportInputClosedError', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    expect(lifecycle.sendRefusal()).toBeInstanceOf(TransportInputClosedError);
    await lifecycle.start(async () => void lifecycle.opened());
    expect(lifecycle.sendRefusal()).toBeUndefined();
    expect(lifecycle.endInput()).toBe(true);
    expect(lifecycle.endInput()).toBe(false);
    expect(lifecycle.inputEnded).toBe(true);
    expect(lifecycle.sendRefusal()).toBeInstanceOf(TransportInputClosedError);

    const other = new TransportLifecycle('MyTransport');
    await other.start(async () => void other.opened());
    void other.close(async () => {});
    expect(other.sendRefusal()).toBeInstanceOf(TransportInputClosedError);
  });

  it('ended(): a run that ends on its own is closed, and a close under way stays closing', async () => {
    const lifecycle = new TransportLifecycle('MyTransport');
    await lifecycle.start(async () => void lifecycle.opened());
    lifecycle.ended();
    expect(lifecycle.state).toBe('closed');
    expect(lifecycle.isClosing).toBe(false);

    const other = new TransportLifecycle('MyTransport');
    await other.start(async () => void other.opened());
    const stopping = deferred();
    const closed = other.close(() => stopping.promise);
    other.ended();
    expect(other.state).toBe('closing');
    stopping.resolve();
    await closed;
    expect(other.state).toBe('closed');
  });
});
