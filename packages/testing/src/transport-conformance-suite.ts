import type { InboundMessage, Transport } from '@hexagent/core';
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

  describe(`${name} (transport conformance)`, () => {
    const opened: Transport[] = [];

    async function open(): Promise<{ transport: Transport; reader: Reader }> {
      const transport = await makeTransport();
      opened.push(transport);
      await transport.start();
      return { transport, reader: new Reader(transport.messages(), waitMs) };
    }

    afterEach(async () => {
      const transports = opened.splice(0);
      await Promise.all(transports.map((transport) => transport.close().catch(() => {})));
    });

    it('starts, sends initialize and receives its answer', { timeout }, async () => {
      const { transport, reader } = await open();
      await transport.send({ type: 'control_request', request_id: 'conf_init_1', request: { subtype: 'initialize' } });
      const answer = await reader.next((message) => message.type === 'control_response');
      expect(answer).toMatchObject({
        type: 'control_response',
        response: { subtype: 'success', request_id: 'conf_init_1' },
      });
    });

    it('delivers a burst of messages in order', { timeout }, async () => {
      const { transport, reader } = await open();
      const count = 200;
      for (let seq = 0; seq < count; seq++) await transport.send({ type: 'echo', seq });
      const received: unknown[] = [];
      for (let seq = 0; seq < count; seq++) received.push((await reader.next(isEcho))['seq']);
      expect(received).toEqual(Array.from({ length: count }, (_, seq) => seq));
    });

    it('buffers messages that arrive before the consumer iterates', { timeout }, async () => {
      const transport = await makeTransport();
      opened.push(transport);
      await transport.start();
      await transport.send({ type: 'echo', early: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const reader = new Reader(transport.messages(), waitMs);
      expect(await reader.next(isEcho)).toEqual({ type: 'echo', early: true });
    });

    it('is open after start() and not after close()', { timeout }, async () => {
      const { transport } = await open();
      expect(transport.isOpen).toBe(true);
      await transport.close();
      expect(transport.isOpen).toBe(false);
    });

    it('ends messages() without error after endInput() once the peer exits', { timeout }, async () => {
      const { transport, reader } = await open();
      await transport.send({ type: 'echo', last: true });
      expect(await reader.next(isEcho)).toEqual({ type: 'echo', last: true });
      transport.endInput();
      await reader.expectEnd();
    });

    it('close() is idempotent and ends a pending messages() iteration', { timeout }, async () => {
      const { transport, reader } = await open();
      const ended = reader.expectEnd();
      await Promise.all([transport.close(), transport.close()]);
      await transport.close();
      await ended;
      expect(transport.isOpen).toBe(false);
    });

    it('rejects send() after close()', { timeout }, async () => {
      const { transport } = await open();
      await transport.close();
      await expect(transport.send({ type: 'echo', late: true })).rejects.toThrow();
    });

    it(`round-trips a ${largeBytes}-byte message exactly`, { timeout }, async () => {
      const { transport, reader } = await open();
      const message = { type: 'echo', payload: largeText(largeBytes) };
      expect(Buffer.byteLength(JSON.stringify(message), 'utf8')).toBeGreaterThanOrEqual(largeBytes);
      await transport.send(message);
      const echoed = await reader.next(isEcho);
      expect(echoed['payload'] === message.payload).toBe(true);
      expect(echoed).toEqual(message);
    });

    it('round-trips non-ASCII text exactly', { timeout }, async () => {
      const { transport, reader } = await open();
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

/** Reads a transport's messages with a timeout per read. */
class Reader {
  private readonly iterator: AsyncIterator<InboundMessage>;
  private readonly waitMs: number;

  constructor(messages: AsyncIterable<InboundMessage>, waitMs: number) {
    this.iterator = messages[Symbol.asyncIterator]();
    this.waitMs = waitMs;
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
      if (result.done === true) return;
    }
  }

  private read(): Promise<IteratorResult<InboundMessage>> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no message and no end within ${this.waitMs} ms`)), this.waitMs);
    });
    return Promise.race([this.iterator.next(), timeout]).finally(() => clearTimeout(timer));
  }
}
