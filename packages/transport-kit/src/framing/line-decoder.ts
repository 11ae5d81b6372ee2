import { MessageTooLargeError } from '@hexagent/core';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BYTE_ORDER_MARK = 0xfeff;

/** Default maximum line size: 64 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Splits a byte stream into UTF-8 lines, whatever the chunk boundaries: a line may span any number
 * of chunks, and a chunk may end inside a multi-byte character. Each chunk is decoded once and split
 * into lines as text (see docs/performance.md#line-decoding); the bytes of a
 * character cut by the end of a chunk are kept and decoded with the start of the next one, so no
 * character is ever split. Line sizes are counted in bytes: the unterminated rest of a chunk from
 * the position of its last newline byte (a newline byte never occurs inside a multi-byte UTF-8
 * sequence, so it is the last `\n` of the text), a complete line from its text, exactly only when
 * three bytes per UTF-16 unit could exceed the limit (for invalid UTF-8, the size its decoded text
 * would have, each U+FFFD 3 bytes). A trailing `\r` is dropped.
 */
export class LineDecoder {
  /** The text of the line not yet terminated. */
  private pending = '';
  /** Its size in bytes, an unfinished character included. */
  private pendingBytes = 0;
  /** The bytes of a character cut by the end of the last chunk (1 to 3). */
  private partial: Uint8Array | undefined;
  // Not streaming mode, which is slower (docs/performance.md#line-decoding). A byte order mark is
  // kept wherever a piece starts; `lineText` drops it at the start of a line.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
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
    if (this.partial !== undefined) {
      start = this.finishCharacter(chunk);
      if (this.partial !== undefined) return; // the chunk ended inside the character again
    }
    const end = completeEnd(chunk, start);
    const text =
      end === start
        ? ''
        : this.decoder.decode(start === 0 && end === chunk.length ? chunk : chunk.subarray(start, end));
    // The bytes after the last newline are the new unterminated line; one search per chunk, from the
    // end (docs/performance.md#line-decoding).
    const lastNewline = lastIndexOfNewline(chunk, start);
    if (lastNewline === -1) {
      if (this.pendingBytes + (chunk.length - start) > this.maxLineBytes) this.overflow();
      this.pending += text;
      this.pendingBytes += chunk.length - start;
    } else {
      let textStart = 0;
      let textNewline = text.indexOf('\n');
      while (textNewline !== -1) {
        const piece = text.slice(textStart, textNewline);
        // A UTF-16 code unit is at most 3 UTF-8 bytes: count exactly only when that bound is over.
        if (
          this.pendingBytes + 3 * piece.length > this.maxLineBytes &&
          this.pendingBytes + utf8Length(piece) > this.maxLineBytes
        ) {
          this.overflow();
        }
        const line = this.pending === '' ? piece : this.pending + piece;
        this.pending = '';
        this.pendingBytes = 0;
        onLine(lineText(line));
        textStart = textNewline + 1;
        textNewline = text.indexOf('\n', textStart);
      }
      const rest = lastNewline + 1;
      if (rest < chunk.length) {
        if (chunk.length - rest > this.maxLineBytes) this.overflow();
        this.pending = text.slice(textStart);
        this.pendingBytes = chunk.length - rest;
      }
    }
    if (end < chunk.length) this.partial = chunk.slice(end);
  }

  /** End of input: returns the unterminated last line, if any bytes were left. */
  flush(): string | undefined {
    if (this.pendingBytes === 0) return undefined;
    // A character the input ended inside becomes U+FFFD.
    const line = this.partial === undefined ? this.pending : this.pending + this.decoder.decode(this.partial);
    this.pending = '';
    this.pendingBytes = 0;
    this.partial = undefined;
    return lineText(line);
  }

  /**
   * Completes the cut character with the continuation bytes at the start of `chunk` (as many as it
   * lacks, or fewer when another byte comes first: the decoder then replaces it with U+FFFD), and
   * returns how many bytes of `chunk` it took.
   */
  private finishCharacter(chunk: Uint8Array): number {
    const partial = this.partial as Uint8Array;
    const lacking = sequenceLength(partial[0] as number) - partial.length;
    let taken = 0;
    while (taken < lacking && taken < chunk.length && ((chunk[taken] as number) & 0xc0) === 0x80) taken++;
    if (this.pendingBytes + taken > this.maxLineBytes) this.overflow();
    this.pendingBytes += taken;
    const bytes = new Uint8Array(partial.length + taken);
    bytes.set(partial);
    bytes.set(chunk.subarray(0, taken), partial.length);
    if (taken < lacking && taken === chunk.length) {
      this.partial = bytes;
    } else {
      this.partial = undefined;
      this.pending += this.decoder.decode(bytes);
    }
    return taken;
  }

  private overflow(): never {
    this.pending = '';
    this.pendingBytes = 0;
    this.partial = undefined;
    throw new MessageTooLargeError({ maxBytes: this.maxLineBytes });
  }
}

/** The length of the UTF-8 sequence a lead byte starts (1 for a byte that starts none). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  return 1;
}

/** The end of the last complete character of `chunk` from `start`: the chunk's length unless it ends inside one. */
function completeEnd(chunk: Uint8Array, start: number): number {
  const stop = Math.max(start, chunk.length - 4);
  let lead = chunk.length - 1;
  while (lead >= stop && ((chunk[lead] as number) & 0xc0) === 0x80) lead--;
  if (lead < stop) return chunk.length; // no lead byte in reach: stray bytes the decoder replaces
  return lead + sequenceLength(chunk[lead] as number) > chunk.length ? lead : chunk.length;
}

/** The index of the last newline byte of `chunk` at or after `start`, or -1. */
function lastIndexOfNewline(chunk: Uint8Array, start: number): number {
  for (let index = chunk.length - 1; index >= start; index--) if (chunk[index] === NEWLINE) return index;
  return -1;
}

/** The UTF-8 size of `text` in bytes (a lone surrogate counts 3, as its replacement character). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else {
        bytes += 3;
      }
    } else bytes += 3;
  }
  return bytes;
}

/** A line without its trailing `\r` and a leading byte order mark. */
function lineText(line: string): string {
  const end = line.charCodeAt(line.length - 1) === CARRIAGE_RETURN ? line.length - 1 : line.length;
  const start = line.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  return start === 0 && end === line.length ? line : line.slice(start, end);
}
