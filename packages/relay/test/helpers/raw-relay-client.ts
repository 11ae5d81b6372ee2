import { parseRelayFrame, RELAY_SUBPROTOCOL, type RelayErrorFrame, type RelayReady } from '@hexagent/transport-kit';
import WebSocket from 'ws';
import { TOKEN } from './relay-fixture.js';

/** A WebSocket to a relay, driven by hand: an attacker's client, not `WebSocketTransport`. */
export interface RawRelayClient {
  socket: WebSocket;
  /** The relay's answer to the hello: `relay_ready`, or `relay_error` (then the close code). */
  answer: Promise<{ ready?: RelayReady; error?: RelayErrorFrame; closeCode?: number }>;
  /** Text frames received so far (stream-json lines from the CLI, or the relay's own answers). */
  lines: unknown[];
  /** The relay's `relay_error` frames so far (a refused hello, or why it ended a running session). */
  errors: RelayErrorFrame[];
  /** Resolves with the first text frame that `match` accepts. */
  waitForLine(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves once the socket is closed, with its close code. */
  closed: Promise<number>;
  close(): void;
}

/** Connects to `url` with the token and sends `hello` (any JSON: a malformed one too) as the first frame. */
export function rawRelayClient(url: string, hello: unknown, token = TOKEN): RawRelayClient {
  const socket = new WebSocket(url, RELAY_SUBPROTOCOL, {
    headers: { authorization: `Bearer ${token}` },
    perMessageDeflate: false,
    maxPayload: 0,
  });
  socket.on('error', () => {});
  const lines: unknown[] = [];
  const errors: RelayErrorFrame[] = [];
  const waiters = new Set<() => void>();
  let settle: (value: { ready?: RelayReady; error?: RelayErrorFrame; closeCode?: number }) => void = () => {};
  const answer = new Promise<{ ready?: RelayReady; error?: RelayErrorFrame; closeCode?: number }>((resolve) => {
    settle = resolve;
  });
  let error: RelayErrorFrame | undefined;
  socket.once('open', () => socket.send(Buffer.from(JSON.stringify(hello)), { binary: true }));
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) {
      try {
        lines.push(JSON.parse(data.toString('utf8')));
      } catch {
        lines.push(data.toString('utf8'));
      }
      for (const waiter of waiters) waiter();
      return;
    }
    const frame = parseRelayFrame(data);
    if (frame?.type === 'relay_ready') settle({ ready: frame });
    if (frame?.type === 'relay_error') {
      error = frame;
      errors.push(frame);
    }
  });
  const closed = new Promise<number>((resolve) => {
    socket.once('close', (code: number) => {
      settle({ ...(error === undefined ? {} : { error }), closeCode: code });
      for (const waiter of waiters) waiter();
      resolve(code);
    });
  });
  return {
    socket,
    answer,
    lines,
    errors,
    closed,
    waitForLine(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = lines.find(
            (line) => typeof line === 'object' && line !== null && match(line as Record<string, unknown>),
          );
          if (found !== undefined) {
            done();
            resolve(found as Record<string, unknown>);
          } else if (socket.readyState === socket.CLOSED) {
            done();
            reject(new Error(`the socket closed before the line came; lines: ${JSON.stringify(lines).slice(0, 500)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such line within ${timeoutMs} ms; lines: ${JSON.stringify(lines).slice(0, 500)}`));
        }, timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      socket.terminate();
    },
  };
}
