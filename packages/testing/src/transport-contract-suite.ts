import {
  type Transport,
  TransportClosedError,
  TransportError,
  TransportInputClosedError,
  TransportStartError,
} from '@hexagent/core';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The conformance suite's section on the contract's version and errors (the lifecycle every
 * transport shares, which `TransportLifecycle` of `@hexagent/transport-kit` implements):
 * `specificationVersion` is `'v1'`; a second reader is refused by throwing; `send()` before
 * `start()`, after `endInput()` and after `close()` rejects with `TransportInputClosedError`; a
 * second `start()` with `TransportStartError`; `start()` after `close()` with
 * `TransportClosedError`; `close()` before `start()` resolves. Run by `transportConformanceSuite`.
 */
export function transportContractSuite(
  name: string,
  makeTransport: () => Transport | Promise<Transport>,
  timeout: number,
): void {
  describe(`${name} (transport conformance: version and errors)`, () => {
    const opened: Transport[] = [];

    async function make(): Promise<Transport> {
      const transport = await makeTransport();
      opened.push(transport);
      return transport;
    }

    afterEach(async () => {
      const transports = opened.splice(0);
      await Promise.all(transports.map((transport) => transport.close().catch(() => {})));
    });

    it("states the version of the Transport contract it implements: 'v1'", { timeout }, async () => {
      expect((await make()).specificationVersion).toBe('v1');
    });

    it('refuses a second reader, whichever way each reads', { timeout }, async () => {
      const iterated = await make();
      iterated.messages();
      expect(() => iterated.messages()).toThrow();
      const subscribe = iterated.subscribe?.bind(iterated);
      if (subscribe === undefined) return;
      expect(() => subscribe({ message: () => {}, end: () => {} })).toThrow();
      const subscribed = await make();
      subscribed.subscribe?.({ message: () => {}, end: () => {} });
      expect(() => subscribed.messages()).toThrow();
      expect(() => subscribed.subscribe?.({ message: () => {}, end: () => {} })).toThrow();
    });

    it('rejects send() before start() and after endInput() with TransportInputClosedError', { timeout }, async () => {
      const transport = await make();
      await expectTransportError(transport.send({ type: 'echo', early: true }), TransportInputClosedError);
      await transport.start();
      transport.endInput();
      await expectTransportError(transport.send({ type: 'echo', late: true }), TransportInputClosedError);
    });

    it('rejects a second start() with TransportStartError', { timeout }, async () => {
      const transport = await make();
      await transport.start();
      await expectTransportError(transport.start(), TransportStartError);
      expect(transport.isOpen).toBe(true);
    });

    it('rejects start() after close() with TransportClosedError; close() before start() resolves', {
      timeout,
    }, async () => {
      const unstarted = await make();
      await unstarted.close();
      await expectTransportError(unstarted.start(), TransportClosedError);
      expect(unstarted.isOpen).toBe(false);
      const stopped = await make();
      await stopped.start();
      await stopped.close();
      await expectTransportError(stopped.start(), TransportClosedError);
    });
  });
}

/** Asserts that `promise` rejects with an error of class `expected` (a `TransportError`, with the class's own code). */
export async function expectTransportError(
  promise: Promise<unknown>,
  expected: typeof TransportClosedError | typeof TransportInputClosedError | typeof TransportStartError,
): Promise<void> {
  const outcome = await promise.then(
    () => ({ rejected: false, error: undefined }),
    (error: unknown) => ({ rejected: true, error }),
  );
  expect(outcome.rejected, 'expected a rejection').toBe(true);
  const { error } = outcome;
  const code = new expected().code;
  expect({
    class: expected.name,
    isInstance: expected.isInstance(error),
    isTransportError: TransportError.isInstance(error),
    code: (error as { code?: unknown } | undefined)?.code,
  }).toEqual({ class: expected.name, isInstance: true, isTransportError: true, code });
}
