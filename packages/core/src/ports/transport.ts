import type { InboundMessage, OutboundMessage } from '../types/control.js';
import type { Options } from '../types/options.js';

/**
 * A duplex channel of JSON messages to one Claude Code CLI, with a lifecycle. It knows nothing of
 * control requests: framing and process management only.
 *
 * Contract:
 * - `start()` resolves once messages can be sent; it rejects with a typed error (for example
 *   `CliNotFoundError`) when the CLI cannot be started, without leaving anything running.
 * - `messages()` may be called once; it yields every inbound message in order and ends when the
 *   CLI closes its output. A fatal fault (bad JSON, a line over the size limit, a non-zero exit)
 *   is thrown from the iteration as a typed error, after any messages that preceded it.
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
  /** Signal end of input to the CLI. */
  endInput(): void;
  /** Stop the CLI and release every resource. Safe to call more than once. */
  close(): Promise<void>;
  /** True until `close()` is called or the CLI exits. */
  readonly isOpen: boolean;
}

/** Creates a transport for one session. Registered in the facade's container. */
export type TransportFactory = (options: Options) => Transport;
