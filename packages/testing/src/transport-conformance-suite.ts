import { type InboundMessage, type Transport, TransportInputClosedError } from '@hexagent/core';
import { afterEach, describe, expect, it } from 'vitest';
import { READ_MODES, Reader, type TestContext } from './conformance-reader.js';
import { expectTransportError, transportContractSuite } from './transport-contract-suite.js';
import { type TransportFaultHooks, transportFaultSuite } from './transport-fault-suite.js';

/** Options of {@link transportConformanceSuite}. */
export interface TransportConformanceOptions {
  /** Timeout of each test in ms (a subprocess peer needs time to start); default 20 000. */
  timeoutMs?: number;
  /** Size of the large message in UTF-8 bytes; default 1 MiB. */
  largeMessageBytes?: number;
  /**
   * The fault section's hooks: required of a transport whose CLI runs elsewhere (a remote host, a
   * container), whose link can drop; without them its tests are skipped with a note.
   */
  faults?: TransportFaultHooks;
}

/** Creates a fresh, not yet started transport connected to an echo peer. */
export type ConformanceTransportFactory = () => Transport | Promise<Transport>;

const MIB = 1024 * 1024;

/**
 * Registers vitest `describe`/`it` blocks that check a {@link Transport} against the port's
 * contract. A new transport is done when it passes them. Import it from
 * `@hexagent/testing/conformance` (the main entry does not load vitest).
 *
 * `makeTransport` returns a fresh, unstarted transport for each test, connected to an **echo peer**
 * that stands in for the CLI and must:
 * 1. answer a `control_request` whose `request.subtype` is `initialize` with
 *    `{"type":"control_response","response":{"subtype":"success","request_id":<same id>,"response":{...}}}`;
 * 2. write every `{"type":"echo", ...}` message back unchanged, in the order received;
 * 3. ignore everything else (it may write other messages; the suite only looks at `echo` and
 *    `control_response` messages);
 * 4. end its output and exit normally (code 0) when its input ends;
 * 5. for the fault section, on `{"type":"conformance_busy"}`: start a child in a session of its own
 *    that runs until killed (as the CLI's Bash tool runs a command), stop heeding the end of its
 *    input (as the CLI does while it waits on the model), and write the message back.
 * The stand-in CLI playing `conformancePeer()` (`@hexagent/testing/stand-in-cli`) does all five.
 *
 * What is checked: start → send → receive in order (initialize answer, a burst of echoes);
 * messages sent before the consumer iterates are buffered; `isOpen`; `messages()` ends without
 * error after `endInput()` once the peer exits; `close()` is idempotent and ends a pending
 * `messages()` iteration without error (a deliberate close is not a fault); a 1 MiB message and
 * non-ASCII text (emoji, CJK, RTL, combining marks, U+2028/U+2029, control characters) round-trip
 * exactly. Each test closes its transport afterwards.
 *
 * Every check of the messages runs twice: reading with `messages()`, and reading with the optional
 * `subscribe(sink)` (skipped, with a note saying so, when the transport has none). In the second
 * run the sink must see the same messages, then exactly one `end` and nothing after it.
 *
 * The fault section (`options.faults`, for a transport whose CLI runs elsewhere): with the peer busy
 * mid-turn and its child running, the link is cut, silenced (neither end told), the far side's own
 * server SIGKILLed (`killFarSide`, when the far side has a server: its guardian must act), the
 * session's `abortController` aborted, the transport closed; each time the transport must report it
 * (a `TransportError` for a cut, silent or killed link; the end of `messages()` for an abort or
 * close) and the far side must be left running nothing more than before the test, as counted by
 * `faults.remoteProcesses()` (so one test's leak fails that test only).
 *
 * The contract's version and errors are checked once: `specificationVersion` is `'v1'`; a second
 * reader is refused by throwing; `send()` before `start()`, after `endInput()` and after `close()`
 * rejects with `TransportInputClosedError` (`TRANSPORT_INPUT_CLOSED`); a second `start()` rejects
 * with `TransportStartError` (`TRANSPORT_START_FAILED`); `start()` after `close()` with
 * `TransportClosedError` (`TRANSPORT_CLOSED`); `close()` before `start()` resolves, and every one
 * of those errors is a `TransportError`.
 *
 * @example
 * ```ts
 * // my-transport.conformance.test.ts
 * import { processesWithEnv } from '@hexagent/testing';
 * import { startLinkProxy, transportConformanceSuite } from '@hexagent/testing/conformance';
 *
 * transportConformanceSuite('SshTransport', () => new SshTransport({ port: sshd.port, command: peer.path }), {
 *   faults: {
 *     connect: async (options) => {
 *       const proxy = await startLinkProxy(sshd.port); // a loopback proxy the test can cut or silence
 *       const env = { ...options.env, HEXAGENT_PEER: id };
 *       const transport = new SshTransport({ port: proxy.port, command: peer.path }, { ...options, env });
 *       return { transport, cut: () => proxy.cut(), silence: () => proxy.freeze() };
 *     },
 *     remoteProcesses: () => processesWithEnv(`HEXAGENT_PEER=${id}`).length,
 *   },
 * });
 * ```
 */
export function transportConformanceSuite(
  name: string,
  makeTransport: ConformanceTransportFactory,
  options: TransportConformanceOptions = {},
): void {
  const timeout = options.timeoutMs ?? 20_000;
  const largeBytes = options.largeMessageBytes ?? MIB;
  const waitMs = Math.max(1000, timeout - 1000);

  describe.each(READ_MODES)(`${name} (transport conformance, read with %s)`, (mode) => {
    const opened: Transport[] = [];

    /** A fresh transport; in `subscribe` mode the test is skipped when the transport has no `subscribe`. */
    async function make(context: TestContext): Promise<Transport> {
      const transport = await makeTransport();
      opened.push(transport);
      if (mode === 'subscribe' && typeof transport.subscribe !== 'function') context.skip('no subscribe()');
      return transport;
    }

    async function open(context: TestContext): Promise<{ transport: Transport; reader: Reader }> {
      const transport = await make(context);
      await transport.start();
      return { transport, reader: new Reader(transport, mode, waitMs) };
    }

    afterEach(async () => {
      const transports = opened.splice(0);
      await Promise.all(transports.map((transport) => transport.close().catch(() => {})));
    });

    it('starts, sends initialize and receives its answer', { timeout }, async (context) => {
      const { transport, reader } = await open(context);
      await transport.send({ type: 'control_request', request_id: 'conf_init_1', request: { subtype: 'initialize' } });
      const answer = await reader.next((message) => message.type === 'control_response');
      expect(answer).toMatchObject({
        type: 'control_response',
        response: { subtype: 'success', request_id: 'conf_init_1' },
      });
    });

    it('delivers a burst of messages in order', { timeout }, async (context) => {
      const { transport, reader } = await open(context);
      const count = 200;
      for (let seq = 0; seq < count; seq++) await transport.send({ type: 'echo', seq });
      const received: unknown[] = [];
      for (let seq = 0; seq < count; seq++) received.push((await reader.next(isEcho))['seq']);
      expect(received).toEqual(Array.from({ length: count }, (_, seq) => seq));
    });

    it('buffers messages that arrive before the consumer reads', { timeout }, async (context) => {
      const transport = await make(context);
      await transport.start();
      await transport.send({ type: 'echo', early: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const reader = new Reader(transport, mode, waitMs);
      expect(await reader.next(isEcho)).toEqual({ type: 'echo', early: true });
    });

    it('is open after start() and not after close()', { timeout }, async (context) => {
      const { transport } = await open(context);
      expect(transport.isOpen).toBe(true);
      await transport.close();
      expect(transport.isOpen).toBe(false);
    });

    it('ends messages() without error after endInput() once the peer exits', { timeout }, async (context) => {
      const { transport, reader } = await open(context);
      await transport.send({ type: 'echo', last: true });
      expect(await reader.next(isEcho)).toEqual({ type: 'echo', last: true });
      transport.endInput();
      await reader.expectEnd();
    });

    it('close() is idempotent and ends a pending messages() iteration', { timeout }, async (context) => {
      const { transport, reader } = await open(context);
      const ended = reader.expectEnd();
      await Promise.all([transport.close(), transport.close()]);
      await transport.close();
      await ended;
      expect(transport.isOpen).toBe(false);
    });

    it('rejects send() after close() with TransportInputClosedError', { timeout }, async (context) => {
      const { transport } = await open(context);
      await transport.close();
      await expectTransportError(transport.send({ type: 'echo', late: true }), TransportInputClosedError);
    });

    it(`round-trips a ${largeBytes}-byte message exactly`, { timeout }, async (context) => {
      const { transport, reader } = await open(context);
      const message = { type: 'echo', payload: largeText(largeBytes) };
      expect(Buffer.byteLength(JSON.stringify(message), 'utf8')).toBeGreaterThanOrEqual(largeBytes);
      await transport.send(message);
      const echoed = await reader.next(isEcho);
      expect(echoed['payload'] === message.payload).toBe(true);
      expect(echoed).toEqual(message);
    });

    it('round-trips non-ASCII text exactly', { timeout }, async (context) => {
      const { transport, reader } = await open(context);
      const samples = [
        'héllo wörld — ünïcödé',
        '日本語のテキスト、中文文本',
        '👩‍💻🚀🏳️‍🌈 emoji with ZWJ',
        'مرحبا بالعالم (RTL)',
        'e\u0301 combining, \u200b zero width',
        'line\u2028separator\u2029paragraph',
        'controls \u0000\u0001\t\r\n and "quotes" \\ backslash',
      ];
      const message = { type: 'echo', samples, 'clé-ключ-键': 'värde' };
      await transport.send(message);
      expect(await reader.next(isEcho)).toEqual(message);
    });
  });

  transportFaultSuite(name, options.faults, timeout);

  transportContractSuite(name, makeTransport, timeout);
}

function isEcho(message: InboundMessage): boolean {
  return message.type === 'echo';
}

/** Deterministic text of at least `bytes` UTF-8 bytes, mixing ASCII and multi-byte characters. */
function largeText(bytes: number): string {
  const unit = 'The quick brown fox jumps over the lazy dog 0123456789 ñ 日本 🚀\n';
  const unitBytes = Buffer.byteLength(unit, 'utf8');
  return unit.repeat(Math.ceil(bytes / unitBytes));
}
