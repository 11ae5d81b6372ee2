import { type InboundMessage, InboundMessageStream } from '@hexagent/core';
import { BackpressureQueue } from './backpressure-queue.js';
import { NdjsonReader } from './ndjson-reader.js';

/** What a transport's inbound side is built with: its source's flow control and its own ends. */
export interface InboundStreamOptions {
  /** The transport's name, in the error a second reader gets. */
  owner: string;
  /** Messages buffered unread at which the source is paused (resumed at half). */
  highWaterMark: number;
  /** Stop reading the source: the reader lags. */
  pause(): void;
  /** Read the source again. */
  resume(): void;
  /** The reader left early (`break` out of `for await`): close the transport. */
  close(): void;
  /** A `subscribe` sink threw. */
  sinkError(error: unknown): void;
}

/**
 * The inbound side every transport has: core's `InboundMessageStream` (one reader, `messages()` or
 * `subscribe`) over a {@link BackpressureQueue} that pauses the source while the reader lags.
 *
 * @example
 * ```ts
 * this.inbound = createInboundStream({
 *   owner: 'MyTransport', highWaterMark: 1024,
 *   pause: () => socket.pause(), resume: () => socket.resume(),
 *   close: () => void this.close(), sinkError: (error) => this.fail(error),
 * });
 * ```
 */
export function createInboundStream(options: InboundStreamOptions): InboundMessageStream {
  return new InboundMessageStream({
    queue: new BackpressureQueue<InboundMessage>({
      highWaterMark: options.highWaterMark,
      onPause: options.pause,
      onResume: options.resume,
      onReturn: options.close,
    }),
    owner: options.owner,
    onSinkError: options.sinkError,
  });
}

/** What {@link createNdjsonInbound} is built with: the stream's options and the reader's. */
export interface NdjsonInboundOptions extends InboundStreamOptions {
  /** The largest line accepted, in bytes (the reader's default when absent). */
  maxMessageBytes?: number | undefined;
  /** A line that is not a JSON object (skipped, reading goes on); without it such a line is a fault. */
  skipped?(line: string): void;
  /** The output is faulty (see `NdjsonReaderHandlers.fault`). */
  fault(error: unknown): void;
}

/**
 * The inbound side of a transport that reads the CLI's stdout as bytes: {@link createInboundStream}
 * fed by an {@link NdjsonReader} (push each chunk to `reader`, `reader.end()` at the stream's end).
 */
export function createNdjsonInbound(options: NdjsonInboundOptions): {
  inbound: InboundMessageStream;
  reader: NdjsonReader;
} {
  const inbound = createInboundStream(options);
  const reader = new NdjsonReader(
    {
      message: (message) => inbound.push(message),
      ...(options.skipped !== undefined && { skipped: options.skipped }),
      fault: options.fault,
    },
    options.maxMessageBytes,
  );
  return { inbound, reader };
}
