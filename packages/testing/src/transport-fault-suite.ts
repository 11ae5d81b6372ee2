import { setTimeout as sleep } from 'node:timers/promises';
import { type Options, type Transport, TransportError } from '@hexagent/core';
import { afterEach, describe, expect, it } from 'vitest';
import { READ_MODES, Reader, type TestContext } from './conformance-reader.js';

/** A transport whose link the fault tests can break, as {@link TransportFaultHooks.connect} returns it. */
export interface FaultableTransport {
  /** A fresh transport, not started, to the conformance peer. */
  transport: Transport;
  /** Breaks the link at once, both ways, as a network failure would (a reset connection, a killed tunnel). */
  cut(): void | Promise<void>;
  /**
   * Makes the link carry nothing more, either way, while both ends keep it open (a dead route, a
   * frozen peer): neither side is told; each must find out by itself.
   */
  silence(): void | Promise<void>;
}

/**
 * What a transport whose CLI runs elsewhere (over a network, in a container) gives the fault tests
 * of `transportConformanceSuite`: links it can break, and a way to count what runs on the far side.
 */
export interface TransportFaultHooks {
  /**
   * A transport for the session `options` (the suite passes an `abortController`) to a peer playing
   * the conformance peer (`conformancePeer()` of `@hexagent/testing/stand-in-cli`), with the means
   * to break its link.
   */
  connect(options: Options): FaultableTransport | Promise<FaultableTransport>;
  /**
   * How many processes the transports made by `connect` run on the far side now: their CLIs (the
   * peers) and every process those started. Counted for real (`/proc`, `ps` over the same link
   * type, the container's process list), not from the transport's own bookkeeping.
   */
  remoteProcesses(): number | Promise<number>;
  /**
   * SIGKILLs the far side's own server that runs the CLI of the transport `connect` made last (the
   * relay, the daemon), as an out-of-memory kill or a crash would: nothing of it can clean up. Its
   * guardian must stop the CLI and all it started. A transport whose far side has no server of its
   * own leaves it out (the test is skipped with a note).
   */
  killFarSide?(): void | Promise<void>;
  /** How long the far side may take to stop everything after a fault, in ms; default 15 000. */
  settleMs?: number;
}

/**
 * The fault tests of the transport contract: a transport whose link drops, goes silent or is
 * aborted mid-turn reports it (a `TransportError`, or the end of a deliberate close) and leaves no
 * process running on the far side, the peer busy (ignoring the end of its input) with a child in a
 * session of its own. Without `faults` the tests are skipped with a note.
 */
export function transportFaultSuite(name: string, faults: TransportFaultHooks | undefined, timeout: number): void {
  const waitMs = Math.max(1000, timeout - 1000);
  describe.each(READ_MODES)(`${name} (transport conformance: faults, read with %s)`, (mode) => {
    if (faults === undefined) {
      it.skip('no fault hooks given: a transport whose CLI runs elsewhere must give them (`faults`)', () => {});
      return;
    }
    const hooks = faults;
    const settleMs = hooks.settleMs ?? 15_000;
    const opened: Transport[] = [];

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((transport) => transport.close().catch(() => {})));
      // What the test's far side still stops settles before the next test counts (never a failure here).
      const until = Date.now() + settleMs;
      while (Date.now() < until && (await hooks.remoteProcesses()) > baseline) await sleep(50);
    });

    /**
     * A transport whose peer is busy mid-turn (its child started), read in this block's mode. What
     * ran on the far side before counts apart: one test's leak fails that test, not every later one.
     */
    async function busy(context: TestContext, options: Options = {}) {
      baseline = await hooks.remoteProcesses();
      const link = await hooks.connect(options);
      opened.push(link.transport);
      if (mode === 'subscribe' && typeof link.transport.subscribe !== 'function') context.skip('no subscribe()');
      await link.transport.start();
      const reader = new Reader(link.transport, mode, waitMs);
      await link.transport.send({ type: 'conformance_busy' });
      await reader.next((message) => message.type === 'conformance_busy');
      // The hook sees the peer and its child: it counts for real.
      await expect.poll(() => hooks.remoteProcesses(), { timeout: settleMs }).toBeGreaterThanOrEqual(baseline + 2);
      return { ...link, reader };
    }

    let baseline = 0;
    const nothingLeft = () =>
      expect.poll(() => hooks.remoteProcesses(), { timeout: settleMs }).toBeLessThanOrEqual(baseline);

    it('the link cut mid-turn: messages() ends with a TransportError, send() rejects, nothing runs on the far side', {
      timeout: timeout + settleMs,
    }, async (context) => {
      const { transport, reader, cut } = await busy(context);
      await cut();
      const error = await reader.expectFault();
      expect(TransportError.isInstance(error), String(error)).toBe(true);
      expect(transport.isOpen).toBe(false);
      await expect(transport.send({ type: 'echo', late: true })).rejects.toSatisfy((thrown) =>
        TransportError.isInstance(thrown),
      );
      await nothingLeft();
    });

    it('the link gone silent mid-turn: the transport finds out (a TransportError), nothing runs on the far side', {
      timeout: timeout + settleMs,
    }, async (context) => {
      const { transport, reader, silence } = await busy(context);
      await silence();
      const error = await reader.expectFault();
      expect(TransportError.isInstance(error), String(error)).toBe(true);
      expect(transport.isOpen).toBe(false);
      await nothingLeft();
    });

    it("the far side's own server SIGKILLed mid-turn: its guardian leaves nothing running, the transport reports it", {
      timeout: timeout + settleMs,
    }, async (context) => {
      const killFarSide = hooks.killFarSide;
      if (killFarSide === undefined) return context.skip('no killFarSide hook: the far side has no server of its own');
      const { transport, reader } = await busy(context);
      await killFarSide();
      const error = await reader.expectFault();
      expect(TransportError.isInstance(error), String(error)).toBe(true);
      expect(transport.isOpen).toBe(false);
      await nothingLeft();
    });

    it("aborted mid-turn (the session's abortController): messages() ends, nothing runs on the far side", {
      timeout: timeout + settleMs,
    }, async (context) => {
      const abortController = new AbortController();
      const { reader } = await busy(context, { abortController });
      abortController.abort();
      await reader.expectEndOrFault();
      await nothingLeft();
    });

    it('closed mid-turn: close() resolves, messages() ends without error, nothing runs on the far side', {
      timeout: timeout + settleMs,
    }, async (context) => {
      const { transport, reader } = await busy(context);
      const ended = reader.expectEndOrFault();
      await transport.close();
      expect(await ended).toBeUndefined();
      await nothingLeft();
    });
  });
}
