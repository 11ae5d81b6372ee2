import { MessageTooLargeError } from '../errors/message-too-large-error.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Default maximum line size: 64 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Splits a byte stream into UTF-8 lines, whatever the chunk boundaries: a line may span any number
 * of chunks, and a chunk may end inside a multi-byte character. Lines are decoded only once they
 * are complete (a newline byte never occurs inside a multi-byte UTF-8 sequence), so no character
 * is ever split. A trailing `\r` is dropped.
 */
export class LineDecoder {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly maxLineBytes: number;

  /** @param maxLineBytes lines longer than this throw `MessageTooLargeError`. */
  constructor(maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {
    this.maxLineBytes = maxLineBytes;
  }

  /** Bytes held for the line not yet terminated. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  /**
   * Feed a chunk; calls `onLine` for each complete line in order.
   * @throws MessageTooLargeError when a line grows past the limit.
   */
  push(chunk: Uint8Array, onLine: (line: string) => void): void {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE);
    while (newline !== -1) {
      const size = this.pendingBytes + (newline - start);
      if (size > this.maxLineBytes) this.overflow();
      let bytes: Uint8Array;
      if (this.pendingBytes === 0) {
        bytes = chunk.subarray(start, newline);
      } else {
        bytes = this.join(chunk.subarray(start, newline), size);
      }
      onLine(this.decode(bytes));
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) {
      const rest = chunk.length - start;
      if (this.pendingBytes + rest > this.maxLineBytes) this.overflow();
      this.pending.push(chunk.slice(start));
      this.pendingBytes += rest;
    }
  }

  /** End of input: returns the unterminated last line, if any bytes were left. */
  flush(): string | undefined {
    if (this.pendingBytes === 0) return undefined;
    const bytes = this.join(new Uint8Array(0), this.pendingBytes);
    return this.decode(bytes);
  }

  private join(tail: Uint8Array, size: number): Uint8Array {
    const out = new Uint8Array(size);
    let offset = 0;
    for (const part of this.pending) {
      out.set(part, offset);
      offset += part.length;
    }
    out.set(tail, offset);
    this.pending = [];
    this.pendingBytes = 0;
    return out;
  }

  private decode(bytes: Uint8Array): string {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === CARRIAGE_RETURN ? bytes.length - 1 : bytes.length;
    return this.decoder.decode(end === bytes.length ? bytes : bytes.subarray(0, end));
  }

  private overflow(): never {
    this.pending = [];
    this.pendingBytes = 0;
    throw new MessageTooLargeError({ maxBytes: this.maxLineBytes });
  }
}
