import type { InboundMessage, OutboundMessage } from '../types/control.js';
import type { Options } from '../types/options.js';

/**
 * Where a transport pushes inbound messages when it is read with {@link Transport.subscribe}: the
 * synchronous alternative to iterating {@link Transport.messages}.
 */
export interface TransportSink {
  /**
   * One inbound message, in order, called synchronously as soon as the message is decoded. It must
   * not throw; if it does, the transport treats the error as fatal (it stops the CLI and calls
   * `end` with that error).
   */
  message(message: InboundMessage): void;
  /**
   * The inbound stream is over; called exactly once, after the last `message`. Without an error
   * when the CLI closed its output or the transport was closed; with a typed error on a fatal fault
   * (bad JSON, a line over the size limit, a non-zero exit), as `messages()` would throw it.
   */
  end(error?: unknown): void;
}

/**
 * A duplex channel of JSON messages to one Claude Code CLI, with a lifecycle. It knows nothing of
 * control requests: framing and process management only.
 *
 * Contract:
 * - `start()` resolves once messages can be sent; it rejects with a typed error (for example
 *   `CliNotFoundError`) when the CLI cannot be started, without leaving anything running.
 * - Inbound messages are read in one of two ways, once, never both:
 *   - `messages()` yields every inbound message in order and ends when the CLI closes its output.
 *     A fatal fault (bad JSON, a line over the size limit, a non-zero exit) is thrown from the
 *     iteration as a typed error, after any messages that preceded it.
 *   - `subscribe(sink)`, optional, pushes the same messages to `sink.message` synchronously, then
 *     calls `sink.end` once, with the same error `messages()` would throw. It saves the consumer an
 *     asynchronous hop per message, which matters on the tool-call path. Messages that arrived
 *     before the call are delivered first, in order.
 *   A consumer that supports both should prefer `subscribe` when the transport has it; a transport
 *   need only implement `messages()`.
 * - `send()` resolves when the message is handed to the OS; it rejects when the channel is closed.
 * - `endInput()` closes the CLI's input (EOF) so it can finish and exit.
 * - `close()` terminates the CLI within a bounded time and is idempotent.
 */
export interface Transport {
  /** Start the CLI. */
  start(): Promise<void>;
  /** Write one message. */
  send(message: OutboundMessage): Promise<void>;
  /** Inbound messages, in order; ends on close. */
  messages(): AsyncIterable<InboundMessage>;
  /** Optional: push inbound messages to `sink` instead of iterating `messages()`. */
  subscribe?(sink: TransportSink): void;
  /** Signal end of input to the CLI. */
  endInput(): void;
  /** Stop the CLI and release every resource. Safe to call more than once. */
  close(): Promise<void>;
  /** True until `close()` is called or the CLI exits. */
  readonly isOpen: boolean;
}

/** Creates a transport for one session. Registered in the facade's container. */
export type TransportFactory = (options: Options) => Transport;
