/**
 * Small in-test fakes of core's ports, for the Session tests. They depend on nothing but core's
 * own types (never on `@hexagent/testing`, which depends on core).
 */
import type { McpHandleContext, McpServerPort } from '../../src/ports/mcp-server-port.js';
import type { Transport, TransportSink } from '../../src/ports/transport.js';
import { TransportError } from '../../src/ports/transport-error.js';
import type { InboundMessage, OutboundMessage } from '../../src/types/control.js';
import type { JsonRpcMessage, JsonRpcResponse } from '../../src/types/mcp/json-rpc.js';
import type { McpServerManifest } from '../../src/types/mcp/mcp-server-manifest.js';
import { InboundMessageStream } from '../../src/util/inbound-message-stream.js';

/** A promise with its resolve and reject exposed. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Reads every message of a session (anything with `messages()`) to the end: the messages, and the
 * error the stream ended with, if any.
 */
export async function collectMessages<T>(source: {
  messages(): AsyncIterable<T>;
}): Promise<{ messages: T[]; error: unknown }> {
  const messages: T[] = [];
  try {
    for await (const message of source.messages()) messages.push(message);
    return { messages, error: undefined };
  } catch (error) {
    return { messages, error };
  }
}

/** Lets every queued promise callback run (one real macrotask). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How a {@link FakeTransport} is read: by iterating `messages()`, or pushed through `subscribe`. */
export type FakeTransportMode = 'messages' | 'subscribe';

/** Both ways a transport can be read; the Session tests run once per mode. */
export const TRANSPORT_MODES: readonly FakeTransportMode[] = ['messages', 'subscribe'];

let defaultMode: FakeTransportMode = 'messages';

/** The mode of FakeTransports constructed without one (set per test by a `describe.each` over the modes). */
export function setDefaultTransportMode(mode: FakeTransportMode): void {
  defaultMode = mode;
}

/**
 * An in-memory Transport that records what is sent and lets the test play the CLI. In
 * `'subscribe'` mode it also implements the optional `subscribe`, so a consumer takes the push path.
 */
export class FakeTransport implements Transport {
  readonly specificationVersion = 'v1' as const;
  readonly sent: OutboundMessage[] = [];
  /** The CLI's output, as every transport holds it (core's one implementation). */
  readonly inbound = new InboundMessageStream({ owner: 'FakeTransport' });
  readonly mode: FakeTransportMode;
  startCalls = 0;
  closeCalls = 0;
  endInputCalls = 0;
  messagesCalls = 0;
  subscribeCalls = 0;
  isOpen = false;
  /** Replace to make `start()` fail or wait. */
  startImpl: () => Promise<void> = async () => {};
  /** Present in `'subscribe'` mode only, as the port makes it optional. */
  readonly subscribe?: (sink: TransportSink) => void;
  private readonly sentListeners = new Set<() => void>();

  constructor(mode: FakeTransportMode = defaultMode) {
    this.mode = mode;
    if (mode === 'subscribe') {
      this.subscribe = (sink) => {
        this.subscribeCalls += 1;
        this.inbound.subscribe(sink);
      };
    }
  }

  async start(): Promise<void> {
    this.startCalls += 1;
    await this.startImpl();
    this.isOpen = true;
  }

  async send(message: OutboundMessage): Promise<void> {
    if (this.closeCalls > 0) throw new Error('FakeTransport: send after close');
    if (!this.isOpen) throw new Error('FakeTransport: send before start() resolved');
    if (this.endInputCalls > 0) throw new Error('FakeTransport: send after endInput');
    this.sent.push(message);
    for (const listener of [...this.sentListeners]) listener();
  }

  messages(): AsyncIterable<InboundMessage> {
    this.messagesCalls += 1;
    return this.inbound.messages();
  }

  endInput(): void {
    this.endInputCalls += 1;
  }

  async close(): Promise<void> {
    this.closeCalls += 1;
    this.isOpen = false;
    this.inbound.end();
  }

  // --- playing the CLI -----------------------------------------------------------------------

  /** Deliver one message from the "CLI". */
  emit(message: InboundMessage): void {
    if (this.inbound.isEnded) throw new Error('FakeTransport: push after the inbound stream ended');
    this.inbound.push(message);
  }

  /** Make the inbound stream end, or throw `error`. */
  endOutput(error?: unknown): void {
    this.inbound.end(error);
  }

  /** The sent control requests (SDK -> CLI). */
  controlRequests(): Array<{ request_id: string; request: { subtype: string; [key: string]: unknown } }> {
    return this.sent.filter((m) => m.type === 'control_request') as unknown as Array<{
      request_id: string;
      request: { subtype: string; [key: string]: unknown };
    }>;
  }

  /** The sent control responses (SDK -> CLI), as their `response` objects. */
  controlResponses(): Array<Record<string, unknown>> {
    return this.sent.filter((m) => m.type === 'control_response').map((m) => m.response as Record<string, unknown>);
  }

  /** Resolves with the first sent message matching `predicate` (already sent or yet to come). */
  waitForSent(predicate: (message: OutboundMessage) => boolean): Promise<OutboundMessage> {
    const found = this.sent.find(predicate);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => {
      const listener = () => {
        const match = this.sent.find(predicate);
        if (match !== undefined) {
          this.sentListeners.delete(listener);
          resolve(match);
        }
      };
      this.sentListeners.add(listener);
    });
  }

  /** Resolves with the request the SDK sent with this subtype. */
  async waitForRequest(subtype: string): Promise<{ request_id: string; request: Record<string, unknown> }> {
    const message = await this.waitForSent(
      (m) => m.type === 'control_request' && (m.request as { subtype?: unknown }).subtype === subtype,
    );
    return message as unknown as { request_id: string; request: Record<string, unknown> };
  }

  /** Resolves with the `response` object the SDK sent to answer the CLI's request `requestId`. */
  async waitForAnswer(requestId: string): Promise<Record<string, unknown>> {
    const message = await this.waitForSent(
      (m) => m.type === 'control_response' && (m.response as { request_id?: unknown }).request_id === requestId,
    );
    return message.response as Record<string, unknown>;
  }

  /** Answer the SDK's request of `subtype` with success. */
  async answer(subtype: string, response: Record<string, unknown> = {}): Promise<void> {
    const { request_id } = await this.waitForRequest(subtype);
    this.emit({ type: 'control_response', response: { subtype: 'success', request_id, response } });
  }

  /** Send a control request from the "CLI" and wait for the SDK's answer. */
  async ask(requestId: string, request: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.emit({ type: 'control_request', request_id: requestId, request });
    return this.waitForAnswer(requestId);
  }
}

/**
 * What a transport over a CLI process raises when the process fails (in `@hexagent/transport-cli`:
 * `ProcessError`, which core does not know): a `TransportError` with the exit code.
 */
export class FakeProcessError extends TransportError {
  readonly code = 'FAKE_PROCESS_ERROR' as const;
  /** The stderr tail a real process error carries. */
  readonly stderrTail: string;

  constructor(options: { message?: string; exitCode?: number; stderrTail?: string }) {
    super({ message: options.message ?? `exited with code ${options.exitCode}`, exitCode: options.exitCode });
    this.stderrTail = options.stderrTail ?? '';
  }
}

/** A fake in-process MCP server port. */
export class FakeMcpServer implements McpServerPort {
  readonly specificationVersion = 'v1' as const;
  readonly received: Array<{ message: JsonRpcMessage; context: McpHandleContext }> = [];
  closeCalls = 0;
  manifestImpl: () => Promise<McpServerManifest | undefined>;
  handleImpl: (message: JsonRpcMessage, context: McpHandleContext) => Promise<JsonRpcResponse | undefined>;

  constructor(
    readonly name: string,
    options: {
      manifest?: McpServerManifest | undefined;
      handle?: (message: JsonRpcMessage, context: McpHandleContext) => Promise<JsonRpcResponse | undefined>;
    } = {},
  ) {
    const manifest = options.manifest;
    this.manifestImpl = async () => manifest;
    this.handleImpl =
      options.handle ??
      (async (message) => {
        if (!('id' in message) || message.id === null) return undefined;
        return { jsonrpc: '2.0', id: message.id, result: { server: this.name } };
      });
  }

  manifest(): Promise<McpServerManifest | undefined> {
    return this.manifestImpl();
  }

  handle(message: JsonRpcMessage, context: McpHandleContext): Promise<JsonRpcResponse | undefined> {
    this.received.push({ message, context });
    return this.handleImpl(message, context);
  }

  async close(): Promise<void> {
    this.closeCalls += 1;
  }
}

/** A minimal `result` message from the "CLI". */
export function resultMessage(extra: Record<string, unknown> = {}): InboundMessage {
  return {
    type: 'result',
    subtype: 'success',
    result: 'done',
    is_error: false,
    num_turns: 1,
    session_id: 's1',
    duration_ms: 1,
    duration_api_ms: 1,
    total_cost_usd: 0,
    usage: { input_tokens: 1, output_tokens: 1 },
    permission_denials: [],
    ...extra,
  };
}

/** How a promise settled so far; handlers are attached at once, so nothing is ever unhandled. */
export interface Tracked<T> {
  state: 'pending' | 'resolved' | 'rejected';
  value?: T;
  error?: unknown;
}

/** Records how `promise` settles, without awaiting it. */
export function track<T>(promise: Promise<T>): Tracked<T> {
  const result: Tracked<T> = { state: 'pending' };
  promise.then(
    (value) => {
      result.state = 'resolved';
      result.value = value;
    },
    (error: unknown) => {
      result.state = 'rejected';
      result.error = error;
    },
  );
  return result;
}
