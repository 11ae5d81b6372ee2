import { type InboundMessage, JsonDecodeError } from '@hexagent/core';
import { DEFAULT_MAX_LINE_BYTES, LineDecoder } from './line-decoder.js';

/** Where an {@link NdjsonReader} delivers what it reads. */
export interface NdjsonReaderHandlers {
  /** One decoded message, in order. */
  message(message: InboundMessage): void;
  /**
   * A line that is not a JSON object, skipped, and reading goes on: what a reader of the CLI's own
   * stdout gives (the official SDK skips a line it cannot parse: something else printed there must
   * not end the session). Without it such a line is a fault (`JsonDecodeError`).
   */
  skipped?(line: string): void;
  /**
   * The output is faulty: a line over the limit (`MessageTooLargeError`), a line that is not a JSON
   * object when there is no `skipped` (`JsonDecodeError`), or an error thrown by `message`. Called
   * once; the reader ignores everything after it.
   */
  fault(error: unknown): void;
}

/**
 * Reads newline-delimited JSON from a byte stream: each line, split by {@link LineDecoder} whatever
 * the chunk boundaries, is one JSON object. Blank lines are skipped; a trailing `\r` is dropped; a
 * line that is not a JSON object goes to `skipped` and reading goes on, or without `skipped` ends
 * the reading with a `JsonDecodeError`.
 */
export class NdjsonReader {
  private readonly decoder: LineDecoder;
  private readonly handlers: NdjsonReaderHandlers;
  private stopped = false;

  /** @param maxLineBytes the largest line accepted, in bytes (default {@link DEFAULT_MAX_LINE_BYTES}). */
  constructor(handlers: NdjsonReaderHandlers, maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {
    this.handlers = handlers;
    this.decoder = new LineDecoder(maxLineBytes);
  }

  /** True once a fault was reported or {@link NdjsonReader.stop} called: input is ignored from then on. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Ignores all further input, without reporting anything (the owner is stopping for its own reason). */
  stop(): void {
    this.stopped = true;
  }

  /** Reads one chunk of the stream. */
  push(chunk: Uint8Array): void {
    if (this.stopped) return;
    try {
      this.decoder.push(chunk, this.onLine);
    } catch (error) {
      this.fault(error);
    }
  }

  /** The stream is over: reads its unterminated last line, if any. */
  end(): void {
    if (this.stopped) return;
    try {
      const rest = this.decoder.flush();
      if (rest !== undefined) this.onLine(rest);
    } catch (error) {
      this.fault(error);
    }
  }

  private fault(error: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.handlers.fault(error);
  }

  /** A line that is not a JSON object: skipped when the reader's user says so, else a fault. */
  private notJson(line: string, cause?: unknown): void {
    if (this.handlers.skipped !== undefined) this.handlers.skipped(line);
    else this.fault(new JsonDecodeError({ line, ...(cause !== undefined && { cause }) }));
  }

  private readonly onLine = (line: string): void => {
    if (this.stopped) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      // Blank lines are rare, so they are recognised only once parsing has failed.
      if (line.trim() !== '') this.notJson(line, error);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.notJson(line);
      return;
    }
    this.handlers.message(value as InboundMessage);
  };
}
