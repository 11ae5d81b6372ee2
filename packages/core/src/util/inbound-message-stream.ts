import type { TransportSink } from '../ports/transport.js';
import type { InboundMessage } from '../types/control.js';
import { AsyncQueue } from './async-queue.js';

/** Construction options of an {@link InboundMessageStream}. */
export interface InboundMessageStreamOptions {
  /**
   * Where messages wait until they are read with `messages()` (or handed to a later `subscribe`).
   * Default: a new {@link AsyncQueue}. Pass a subclass for flow control, or to be told when the
   * consumer leaves its loop early (the queue's `onReturn`).
   */
  queue?: AsyncQueue<InboundMessage>;
  /**
   * Called once when the sink throws from `message`. By then the stream has ended with that error
   * (the sink's `end` got it); the owner should stop the source (for a transport: stop the CLI).
   */
  onSinkError?: (error: unknown) => void;
  /** Names the owner in the error a second reader gets, e.g. `'CliTransport'`. */
  owner?: string;
}

/**
 * The inbound half of a {@link Transport}, written once for every transport: the producer `push`es
 * messages and `end`s the stream once (with an error for a fault); the consumer reads it once,
 * either by iterating `messages()` or through `subscribe(sink)`, as the port's contract says.
 *
 * In push mode every message goes to `sink.message` synchronously (those buffered before
 * `subscribe` first, in order), then `sink.end` once. The sink is never re-entered: a message pushed,
 * or an end, from inside `sink.message` is handed over when that call returns. A sink that throws
 * ends the stream with its error.
 *
 * @example
 * ```ts
 * class MyTransport implements Transport {
 *   private readonly inbound = new InboundMessageStream({ owner: 'MyTransport', onSinkError: () => void this.close() });
 *   messages() { return this.inbound.messages(); }
 *   subscribe(sink: TransportSink) { this.inbound.subscribe(sink); }
 *   // the socket's handlers: this.inbound.push(message); this.inbound.end(error);
 * }
 * ```
 */
export class InboundMessageStream {
  private readonly queue: AsyncQueue<InboundMessage>;
  private readonly onSinkError: ((error: unknown) => void) | undefined;
  private readonly owner: string;
  private sink: TransportSink | undefined;
  /** Messages waiting for the sink while it is busy (or handed over by `subscribe`). */
  private backlog: InboundMessage[] = [];
  private backlogHead = 0;
  /** True while a `sink` call runs: what arrives meanwhile waits in the backlog. */
  private delivering = false;
  private readerTaken = false;
  /** How the stream ended, once `end` was called. */
  private ending: { error: unknown } | undefined;
  private sinkEnded = false;

  constructor(options: InboundMessageStreamOptions = {}) {
    this.queue = options.queue ?? new AsyncQueue<InboundMessage>();
    this.onSinkError = options.onSinkError;
    this.owner = options.owner ?? 'InboundMessageStream';
  }

  /** True once the stream has ended (or the consumer of `messages()` stopped early): `push` is a no-op. */
  get isEnded(): boolean {
    return this.ending !== undefined || this.queue.isEnded;
  }

  /** Hands one message to the sink, or buffers it for the reader; ignored once the stream has ended. */
  push(message: InboundMessage): void {
    if (this.ending !== undefined) return;
    const sink = this.sink;
    if (sink === undefined) {
      this.queue.push(message);
    } else if (this.delivering) {
      this.backlog.push(message);
    } else {
      this.deliver(sink, message);
    }
  }

  /**
   * Ends the stream after the messages pushed before: the reader sees `error` (a fault) or a plain
   * end. Only the first call counts.
   */
  end(error?: unknown): void {
    if (this.ending !== undefined) return;
    this.ending = { error };
    const sink = this.sink;
    if (sink === undefined) this.queue.end(error);
    else if (!this.delivering) this.deliver(sink, undefined);
  }

  /**
   * The messages, in order; the iteration ends with the stream and throws its error, if any.
   *
   * @throws Error when `messages()` or `subscribe()` was called before.
   */
  messages(): AsyncIterable<InboundMessage> {
    this.takeReader();
    return this.queue;
  }

  /**
   * Push mode: the buffered messages, then every later one, go to `sink.message` synchronously,
   * then `sink.end` is called once (at once if the stream has already ended).
   *
   * @throws Error when `messages()` or `subscribe()` was called before.
   */
  subscribe(sink: TransportSink): void {
    this.takeReader();
    this.sink = sink;
    this.backlog = this.queue.takeBuffered();
    this.deliver(sink, undefined);
  }

  private takeReader(): void {
    if (this.readerTaken) throw new Error(`${this.owner}: messages() or subscribe() may be called only once`);
    this.readerTaken = true;
  }

  /** Gives the sink `first` (if any), then the backlog, then the end once it is due. */
  private deliver(sink: TransportSink, first: InboundMessage | undefined): void {
    this.delivering = true;
    try {
      if (first !== undefined) sink.message(first);
      // Usually empty: only what arrived during a sink call, or what `subscribe` took over.
      while (this.backlogHead < this.backlog.length) {
        const message = this.backlog[this.backlogHead] as InboundMessage;
        this.backlogHead += 1;
        sink.message(message);
      }
      this.clearBacklog();
    } catch (error) {
      this.clearBacklog();
      this.ending ??= { error };
      this.endSink(sink, error);
      this.onSinkError?.(error);
      return;
    } finally {
      this.delivering = false;
    }
    if (this.ending !== undefined) this.endSink(sink, this.ending.error);
  }

  private clearBacklog(): void {
    if (this.backlog.length === 0) return;
    this.backlog.length = 0;
    this.backlogHead = 0;
  }

  private endSink(sink: TransportSink, error: unknown): void {
    if (this.sinkEnded) return;
    this.sinkEnded = true;
    sink.end(error);
  }
}
