import type { InboundMessage, OutboundMessage } from '../types/control.js';
import type { TransportClosedError } from './transport-closed-error.js';
import type { TransportError } from './transport-error.js';
import type { TransportInputClosedError } from './transport-input-closed-error.js';
import type { TransportLaunch } from './transport-launch.js';
import type { TransportStartError } from './transport-start-error.js';

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
 * Contract (version `'v1'`, see {@link Transport.specificationVersion}):
 * - `start()` resolves once messages can be sent. When the CLI cannot be started it rejects, without
 *   leaving anything running, with a {@link TransportStartError} (or an adapter's subclass of it,
 *   such as `CliNotFoundError`) or another {@link TransportError} the adapter defines (such as
 *   `ProcessError`); a second `start()` rejects with `TransportStartError`, and `start()` after
 *   `close()` with {@link TransportClosedError}. Before anything starts it may also reject with
 *   `InvalidOptionError` (a launch it cannot run, such as a non-vanilla one far away) or
 *   `AbortError` (the launch's signal is aborted). The options were checked before the
 *   transport was made (the launch is built from checked options), so a transport does not check them.
 * - Inbound messages are read in one of two ways, once, never both (a second reader is refused by
 *   throwing):
 *   - `messages()` yields every inbound message in order and ends when the CLI closes its output,
 *     or without error when the transport is closed. A fatal fault (bad JSON: `JsonDecodeError`, a
 *     line over the size limit: `MessageTooLargeError`, the CLI failing: an adapter's
 *     `TransportError`, such as `ProcessError`) is thrown from the iteration, after any messages
 *     that preceded it.
 *   - `subscribe(sink)`, optional, pushes the same messages to `sink.message` synchronously, then
 *     calls `sink.end` once, with the same error `messages()` would throw. It saves the consumer an
 *     asynchronous hop per message (docs/performance.md#promises-and-async-frames). Messages that arrived
 *     before the call are delivered first, in order.
 *   A consumer that supports both should prefer `subscribe` when the transport has it; a transport
 *   need only implement `messages()`.
 * - `send()` resolves when the message is handed to the OS. It rejects with
 *   {@link TransportInputClosedError} before `start()` resolved, after `endInput()` or `close()`, and
 *   after a fault ended the transport; when the CLI stops reading on its own (it exited, a broken
 *   pipe) with an adapter's `TransportError` that says how (such as `ProcessError`). Any
 *   `TransportError` from `send()` means nothing more can be sent. A message JSON cannot encode
 *   rejects with the encoder's own error (a `TypeError`), and the transport stays usable.
 * - `endInput()` closes the CLI's input (EOF) so it can finish and exit. Never throws.
 * - `close()` terminates the CLI within a bounded time and is idempotent; it never rejects.
 * - A transport whose CLI runs elsewhere (another host, a container) answers for what runs there:
 *   when its link drops, goes silent, or the session is aborted or closed, no CLI, and nothing the
 *   CLI started (its tools' processes, in sessions of their own included), is left running on the
 *   far side, within a bounded time, even while the CLI ignores the end of its input (as it does
 *   while it waits on the model). A dead link tells neither end, so both find out by themselves (a
 *   heartbeat): the transport ends `messages()` with a `TransportError`, and its far side stops the
 *   CLI's whole process tree. The fault section of the conformance suite (`faults`) checks it,
 *   counting the far side's processes through a hook the transport's author provides.
 */
export interface Transport {
  /**
   * The version of this contract the transport implements. `'v1'` is the contract described on
   * {@link Transport}; an incompatible change to it gets a new version, so that a consumer can
   * recognise an adapter written against an older contract (and adapt or refuse it) instead of
   * misusing it. An adapter sets it to the literal of the version it was written and tested for
   * (the transport conformance suite of `@hexagent/testing` checks it).
   */
  readonly specificationVersion: 'v1';
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
  /**
   * Optional: the CLI's config directory (its `CLAUDE_CONFIG_DIR`) as the CLI sees it, when it is not
   * the one the options name: a CLI that runs elsewhere (another host, a container), or one resumed
   * from a store's transcripts (`TransportLaunch.resumeTranscripts`) in a directory the transport
   * wrote. Read once `start()` has resolved; `undefined` means "as the options say"
   * (`options.env.CLAUDE_CONFIG_DIR`, else `~/.claude`). The `sessionStore` mirror maps the
   * transcript paths the CLI reports (`transcript_mirror`) under it.
   */
  readonly cliConfigDir?: string | undefined;
}

/**
 * Creates a transport for one session, from that session's {@link TransportLaunch} (its CLI's
 * argv, environment and working directory, built once from the checked options); called once per
 * session (a new session, a new call). Given as the `transport` option of a query or client, or
 * registered under the facade's `TRANSPORT_FACTORY` for every session made from a container.
 *
 * @example
 * ```ts
 * const factory: TransportFactory = (launch) => new MyTransport(launch.args, launch.env);
 * ```
 */
export type TransportFactory = (launch: TransportLaunch) => Transport;
