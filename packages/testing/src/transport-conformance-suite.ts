import { AsyncQueue, type InboundMessage, type Transport } from '@hexagent/core';
import { afterEach, describe, expect, it } from 'vitest';

/** Options of {@link transportConformanceSuite}. */
export interface TransportConformanceOptions {
  /** Timeout of each test in ms (a subprocess peer needs time to start); default 20 000. */
  timeoutMs?: number;
  /** Size of the large message in UTF-8 bytes; default 1 MiB. */
  largeMessageBytes?: number;
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
 * 4. end its output and exit normally (code 0) when its input ends.
 *
 * What is checked: start → send → receive in order (initialize answer, a burst of echoes);
 * messages sent before the consumer iterates are buffered; `isOpen`; `messages()` ends without
 * error after `endInput()` once the peer exits; `close()` is idempotent and ends a pending
 * `messages()` iteration without error (a deliberate close is not a fault); `send()` after `close()`
 * rejects; a 1 MiB message and non-ASCII text (emoji, CJK, RTL, combining marks, U+2028/U+2029,
 * control characters) round-trip exactly. Each test closes its transport afterwards.
 *
 * Every check runs twice: reading with `messages()`, and reading with the optional
 * `subscribe(sink)` (skipped when the transport has none). In the second run the sink must see the
 * same messages, then exactly one `end` and nothing after it; and the transport must refuse a
 * second reader (`messages()` after `subscribe()`, or the reverse) by throwing.
 *
 * @example
 * ```ts
 * // my-transport.conformance.test.ts
 * import { transportConformanceSuite } from '@hexagent/testing/conformance';
 *
 * transportConformanceSuite('SshTransport', () => new SshTransport({ host: 'localhost', command: 'node echo-peer.js' }));
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

    it('refuses a second reader', { timeout }, async (context) => {
      if (mode === 'messages') context.skip('checked in the subscribe run');
      const { transport } = await open(context);
      expect(() => transport.messages()).toThrow();
      const other = await make(context);
      await other.start();
      other.messages();
      const subscribe = other.subscribe?.bind(other);
      expect(() => subscribe?.({ message: () => {}, end: () => {} })).toThrow();
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

    it('rejects send() after close()', { timeout }, async (context) => {
      const { transport } = await open(context);
      await transport.close();
      await expect(transport.send({ type: 'echo', late: true })).rejects.toThrow();
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

/** The two ways of reading a transport. */
const READ_MODES = ['messages', 'subscribe'] as const;
type ReadMode = (typeof READ_MODES)[number];

/** The part of vitest's test context the suite uses. */
interface TestContext {
  skip(note?: string): never;
}

/**
 * Reads a transport's messages with a timeout per read, through `messages()` or through a sink
 * given to `subscribe()`. A sink that is used against the contract (a message after `end`, a second
 * `end`) makes the next read fail.
 */
class Reader {
  private readonly iterator: AsyncIterator<InboundMessage>;
  private readonly waitMs: number;
  /** Breaches of the `subscribe()` contract seen by the sink. */
  private readonly violations: string[] = [];

  constructor(transport: Transport, mode: ReadMode, waitMs: number) {
    this.waitMs = waitMs;
    if (mode === 'messages' || transport.subscribe === undefined) {
      this.iterator = transport.messages()[Symbol.asyncIterator]();
      return;
    }
    const queue = new AsyncQueue<InboundMessage>();
    let ended = false;
    transport.subscribe({
      message: (message) => {
        if (ended) this.violations.push(`message ${JSON.stringify(message).slice(0, 80)} after end()`);
        else queue.push(message);
      },
      end: (error) => {
        if (ended) this.violations.push('end() called twice');
        ended = true;
        queue.end(error);
      },
    });
    this.iterator = queue;
  }

  /** The next message matching `predicate`, skipping others. */
  async next(predicate: (message: InboundMessage) => boolean): Promise<InboundMessage> {
    for (;;) {
      const result = await this.read();
      if (result.done === true) throw new Error('messages() ended while a message was expected');
      if (predicate(result.value)) return result.value;
    }
  }

  /** Resolves when the iteration ends (skipping messages); rejects if it throws or times out. */
  async expectEnd(): Promise<void> {
    for (;;) {
      const result = await this.read();
      if (result.done === true) break;
    }
    // Anything the sink is given after its end shows up within a few turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.assertContractKept();
  }

  private assertContractKept(): void {
    if (this.violations.length > 0) throw new Error(`subscribe() contract broken: ${this.violations.join('; ')}`);
  }

  private read(): Promise<IteratorResult<InboundMessage>> {
    this.assertContractKept();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no message and no end within ${this.waitMs} ms`)), this.waitMs);
    });
    return Promise.race([this.iterator.next(), timeout]).finally(() => clearTimeout(timer));
  }
}
