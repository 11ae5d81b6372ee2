import { StringDecoder } from 'node:string_decoder';

/** Default longest stderr line, in UTF-16 code units, before it is forcibly broken. */
export const DEFAULT_STDERR_MAX_LINE_LENGTH = 64 * 1024;

/**
 * Splits a stderr byte stream into text lines. Unlike the stdout framing it never fails: stderr
 * is diagnostics, so an endless line is broken into pieces instead of raising an error, and a
 * multi-byte character split across chunks is decoded whole.
 */
export class StderrLineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private readonly onLine: (line: string) => void;
  private readonly maxLineLength: number;

  /**
   * @param onLine called with each line, without its `\n` or a trailing `\r`.
   * @param maxLineLength a line longer than this is emitted in pieces of this length.
   */
  constructor(onLine: (line: string) => void, maxLineLength: number = DEFAULT_STDERR_MAX_LINE_LENGTH) {
    this.onLine = onLine;
    this.maxLineLength = maxLineLength;
  }

  /** Feed one chunk. */
  push(chunk: Buffer): void {
    let text = this.pending + this.decoder.write(chunk);
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      this.emit(text.slice(0, newline));
      text = text.slice(newline + 1);
      newline = text.indexOf('\n');
    }
    while (text.length > this.maxLineLength) {
      this.onLine(text.slice(0, this.maxLineLength));
      text = text.slice(this.maxLineLength);
    }
    this.pending = text;
  }

  /** End of the stream: emit the unterminated last line, if any. */
  flush(): void {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    if (rest.length > 0) this.emit(rest);
  }

  private emit(line: string): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.length <= this.maxLineLength) {
      this.onLine(text);
      return;
    }
    for (let start = 0; start < text.length; start += this.maxLineLength) {
      this.onLine(text.slice(start, start + this.maxLineLength));
    }
  }
}
