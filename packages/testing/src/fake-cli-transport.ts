import {
  type ControlErrorResponse,
  type ControlRequestMessage,
  type InboundMessage,
  InboundMessageStream,
  type OutboundMessage,
  type Transport,
  TransportClosedError,
  TransportInputClosedError,
  type TransportSink,
  TransportStartError,
} from '@hexagent/core';
import { autoAnswer } from './fake-cli-auto-answers.js';
import { FakeCliSentLog } from './fake-cli-sent-log.js';
import type { ControlResponseBody, FakeCliState, FakeCliTransportOptionsOf } from './fake-cli-transport-options.js';
import { isControlRequest } from './is-control-request.js';
import { summarizeMessage } from './summarize-message.js';

/** Options of {@link FakeCliTransport}: its callbacks receive the fake CLI itself. */
export type FakeCliTransportOptions = FakeCliTransportOptionsOf<FakeCliTransport>;

interface PendingCliRequest {
  resolve: (response: ControlResponseBody) => void;
  reject: (error: Error) => void;
}

/**
 * An in-memory fake of the Claude Code CLI implementing core's {@link Transport}, for unit tests of
 * the SDK without a subprocess. The SDK side uses the `Transport` methods; the test plays the CLI:
 * it reads what the SDK sent (`sent`, `nextSent`, `waitForControlRequest`), writes messages to the
 * SDK (`emit`, `emitControlRequest`, `respond`, `respondError`) and injects faults (`finish`,
 * `fail`, `startError`). Messages are copied through JSON both ways, like the real pipe.
 *
 * @example
 * ```ts
 * const cli = new FakeCliTransport({ autoInitialize: true });
 * const session = startSessionUnderTest(cli); // your code, using cli as its Transport
 * const user = await cli.nextSent((m) => m.type === 'user');
 * const answer = await cli.emitControlRequest('mcp_message', { server_name: 'calc', message: toolsCall });
 * expect(answer.subtype).toBe('success');
 * cli.emit({ type: 'result', subtype: 'success', result: 'done', is_error: false });
 * cli.finish();
 * ```
 */
export class FakeCliTransport implements Transport {
  /** The version of the `Transport` contract this class implements. */
  readonly specificationVersion = 'v1' as const;
  private readonly log = new FakeCliSentLog();
  /** Everything the SDK wrote, in order (deep copies). */
  readonly sent: OutboundMessage[] = this.log.messages;

  private readonly options: FakeCliTransportOptions;
  /** The fake CLI's output, read once with `messages()` or `subscribe()`. */
  private readonly output = new InboundMessageStream({ owner: 'FakeCliTransport' });
  private readonly pendingRequests = new Map<string, PendingCliRequest>();
  private requestCounter = 0;
  private readonly flags: FakeCliState = { started: false, inputEnded: false, closed: false, exited: false };

  constructor(options: FakeCliTransportOptions = {}) {
    this.options = options;
  }

  // ---- SDK side: the Transport port ----

  /**
   * Starts the fake CLI. Rejects, as `CliTransport` does, with `startError` when configured, with
   * `TransportClosedError` after `close()`, with `TransportStartError` when called twice.
   */
  async start(): Promise<void> {
    if (this.options.startError !== undefined) throw this.options.startError;
    if (this.flags.closed) throw new TransportClosedError({ message: 'FakeCliTransport: start() after close()' });
    if (this.flags.started) throw new TransportStartError({ message: 'FakeCliTransport: start() called twice' });
    this.flags.started = true;
  }

  /**
   * Records a deep copy of `message` and runs the automatic answers. Rejects with
   * `TransportInputClosedError` before `start()`, after `endInput()`, after `close()` and after the
   * fake CLI exited (where `CliTransport` says `ProcessError`, also a `TransportError`), and with the
   * encoder's `TypeError` for a message JSON cannot encode.
   */
  async send(message: OutboundMessage): Promise<void> {
    if (!this.flags.started) throw inputClosed('send() before start()');
    if (this.flags.closed) throw inputClosed('send() after close()');
    if (this.flags.inputEnded) throw inputClosed('send() after endInput()');
    if (this.flags.exited) throw inputClosed('send() after the CLI exited');
    const copy = JSON.parse(JSON.stringify(message)) as OutboundMessage;
    this.log.record(copy);
    this.react(copy);
    if (this.options.onSend !== undefined) await this.options.onSend(copy, this);
  }

  /** The messages the fake CLI writes, in order. `messages()` or `subscribe()` may be called once. */
  messages(): AsyncIterable<InboundMessage> {
    return this.output.messages();
  }

  /**
   * Push mode, as `CliTransport` offers it: every message the fake CLI writes goes to
   * `sink.message` synchronously (those written earlier first), then `sink.end` once. A message
   * emitted while the sink is busy (from inside its own call) is handed over when that call returns,
   * so the sink is never re-entered. A sink that throws ends the output with that error.
   */
  subscribe(sink: TransportSink): void {
    this.output.subscribe(sink);
  }

  /** Marks the input as ended and calls `onEndInput` once. */
  endInput(): void {
    if (this.flags.inputEnded) return;
    this.flags.inputEnded = true;
    this.options.onEndInput?.(this);
  }

  /**
   * Closes the channel: `messages()` ends, pending `emitControlRequest` calls reject with
   * `TransportClosedError`. Idempotent.
   */
  async close(): Promise<void> {
    if (this.flags.closed) return;
    this.flags.closed = true;
    this.output.end();
    this.rejectPending(new TransportClosedError({ message: 'FakeCliTransport: closed before the SDK answered' }));
  }

  /** True after `start()` until `close()` or the fake CLI exits. */
  get isOpen(): boolean {
    return this.flags.started && !this.flags.closed && !this.flags.exited;
  }

  // ---- test side: the fake CLI ----

  /** A snapshot of the lifecycle flags. */
  get state(): FakeCliState {
    return { ...this.flags };
  }

  /**
   * The earliest message the SDK sent that matches `predicate` (any message when omitted) and that
   * no earlier `nextSent` returned, waiting for it if needed. Each sent message is returned at most
   * once, so waits for different kinds of messages do not steal from each other.
   * Rejects after `timeoutMs` with a list of what was sent.
   */
  nextSent(predicate: (message: OutboundMessage) => boolean = () => true, timeoutMs = 2000): Promise<OutboundMessage> {
    return this.log.next(predicate, timeoutMs);
  }

  /** The next `control_request` of `subtype` the SDK sent (see {@link FakeCliTransport.nextSent}). */
  async waitForControlRequest(subtype: string, timeoutMs = 2000): Promise<ControlRequestMessage> {
    const message = await this.nextSent(
      (candidate) => isControlRequest(candidate) && candidate.request.subtype === subtype,
      timeoutMs,
    );
    return message as unknown as ControlRequestMessage;
  }

  /** Writes a message to the SDK. Throws `TransportClosedError` once the output has ended (`finish`, `fail`, `close`). */
  emit(message: InboundMessage): void {
    if (this.output.isEnded) {
      throw new TransportClosedError({
        message: `FakeCliTransport: emit(${summarizeMessage(message)}) after the output ended`,
      });
    }
    this.output.push(JSON.parse(JSON.stringify(message)) as InboundMessage);
  }

  /**
   * Writes a `transcript_mirror` frame, as the CLI started with `--session-mirror` does after each
   * transcript write: `filePath` under `<CLAUDE_CONFIG_DIR>/projects` and the lines written.
   */
  emitTranscriptMirror(filePath: string, entries: Array<{ type: string; [key: string]: unknown }>): void {
    this.emit({ type: 'transcript_mirror', filePath, entries });
  }

  /**
   * Writes `system`/`session_state_changed`, host-only, as the CLI does when its environment has
   * `CLAUDE_CODE_SDK_READS_SESSION_STATE=1`: `running` as a turn starts, `requires_action` while it
   * waits on the SDK, `idle` once its run is over (background work included). The SDK yields none.
   */
  emitSessionState(state: 'idle' | 'running' | 'requires_action'): void {
    this.emit({ type: 'system', subtype: 'session_state_changed', state, sdk_host_only: true });
  }

  /**
   * Sends a `control_request` with a fresh `request_id` to the SDK and resolves with the SDK's
   * `control_response.response` (a success or an error object). Rejects with `TransportClosedError`
   * if the transport closes or the CLI exits first.
   */
  emitControlRequest(subtype: string, payload: Record<string, unknown> = {}): Promise<ControlResponseBody> {
    const requestId = `fake_cli_req_${++this.requestCounter}`;
    return new Promise<ControlResponseBody>((resolve, reject) => {
      this.pendingRequests.set(requestId, { resolve, reject });
      try {
        this.emit({ type: 'control_request', request_id: requestId, request: { ...payload, subtype } });
      } catch (error) {
        this.pendingRequests.delete(requestId);
        reject(error);
      }
    });
  }

  /** Answers an SDK control request with success and `response`. */
  respond(requestId: string, response: Record<string, unknown> = {}): void {
    this.emit({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });
  }

  /** Answers an SDK control request with an error (`error_code` included when given). */
  respondError(requestId: string, error: string, code?: string): void {
    const response: ControlErrorResponse = { subtype: 'error', request_id: requestId, error };
    if (code !== undefined) response.error_code = code;
    this.emit({ type: 'control_response', response });
  }

  /** The CLI closed its output normally: `messages()` ends after the buffered messages. */
  finish(): void {
    this.exit();
  }

  /** The CLI crashed: `messages()` throws `error` after the buffered messages. */
  fail(error: Error): void {
    this.exit(error);
  }

  private exit(error?: Error): void {
    if (this.flags.exited || this.flags.closed) return;
    this.flags.exited = true;
    this.output.end(error);
    this.rejectPending(
      new TransportClosedError({ message: 'FakeCliTransport: the CLI exited before the SDK answered' }),
    );
  }

  private rejectPending(error: Error): void {
    for (const pending of this.pendingRequests.values()) pending.reject(error);
    this.pendingRequests.clear();
  }

  private react(message: OutboundMessage): void {
    if (message.type === 'control_response') {
      const response = (message as { response?: ControlResponseBody }).response;
      const pending = response === undefined ? undefined : this.pendingRequests.get(response.request_id);
      if (response !== undefined && pending !== undefined) {
        this.pendingRequests.delete(response.request_id);
        pending.resolve(response);
      }
      return;
    }
    // An answer that comes after a close is dropped (`push` ignores an ended output).
    if (isControlRequest(message)) autoAnswer(this.options, message, (answer) => this.output.push(answer));
  }
}

function inputClosed(what: string): TransportInputClosedError {
  return new TransportInputClosedError({ message: `FakeCliTransport: ${what}: its input is closed` });
}
