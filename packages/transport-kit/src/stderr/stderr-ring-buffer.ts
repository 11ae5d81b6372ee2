import { Buffer } from 'node:buffer';

/** Default number of stderr lines a {@link StderrRingBuffer} keeps. */
export const DEFAULT_STDERR_BUFFER_LINES = 100;

/** Default number of stderr bytes (UTF-8) a {@link StderrRingBuffer} keeps. */
export const DEFAULT_STDERR_BUFFER_BYTES = 16 * 1024;

const ELLIPSIS = '…';

/** Limits of a {@link StderrRingBuffer}. */
export interface StderrRingBufferOptions {
  /** Most lines kept; older lines are dropped first (default {@link DEFAULT_STDERR_BUFFER_LINES}). */
  maxLines?: number;
  /**
   * Most bytes kept, counted as UTF-8 without line separators (default
   * {@link DEFAULT_STDERR_BUFFER_BYTES}). A single longer line is cut to fit and ends with `…`.
   */
  maxBytes?: number;
}

/**
 * The last lines a process wrote to stderr, bounded both in lines and in bytes, so that an error
 * report can quote the tail of a chatty or runaway process without holding all of it.
 *
 * @example
 * ```ts
 * const tail = new StderrRingBuffer({ maxLines: 2 });
 * tail.push('a');
 * tail.push('b');
 * tail.push('c');
 * tail.toString(); // 'b\nc'
 * ```
 */
export class StderrRingBuffer {
  /** The line limit in force. */
  readonly maxLines: number;
  /** The byte limit in force. */
  readonly maxBytes: number;
  private readonly lines: string[] = [];
  private readonly sizes: number[] = [];
  private head = 0;
  private bytes = 0;

  /** @throws RangeError when a limit is not a positive integer. */
  constructor(options: StderrRingBufferOptions = {}) {
    this.maxLines = positiveInteger(options.maxLines ?? DEFAULT_STDERR_BUFFER_LINES, 'maxLines');
    this.maxBytes = positiveInteger(options.maxBytes ?? DEFAULT_STDERR_BUFFER_BYTES, 'maxBytes');
  }

  /** Number of lines held. */
  get size(): number {
    return this.lines.length - this.head;
  }

  /** Bytes held (UTF-8, without separators). */
  get byteLength(): number {
    return this.bytes;
  }

  /** Add one line (without its newline), dropping the oldest lines as needed. */
  push(line: string): void {
    let text = line;
    let size = Buffer.byteLength(text, 'utf8');
    if (size > this.maxBytes) {
      text = truncateUtf8(text, this.maxBytes);
      size = Buffer.byteLength(text, 'utf8');
    }
    this.lines.push(text);
    this.sizes.push(size);
    this.bytes += size;
    while (this.size > this.maxLines || this.bytes > this.maxBytes) this.dropOldest();
    if (this.head > 1024 && this.head * 2 > this.lines.length) this.compact();
  }

  /** The lines held, oldest first. */
  toArray(): string[] {
    return this.lines.slice(this.head);
  }

  /** The lines held, oldest first, joined with `\n`. */
  toString(): string {
    return this.toArray().join('\n');
  }

  /** Forget every line. */
  clear(): void {
    this.lines.length = 0;
    this.sizes.length = 0;
    this.head = 0;
    this.bytes = 0;
  }

  private dropOldest(): void {
    this.bytes -= this.sizes[this.head] ?? 0;
    this.head++;
  }

  private compact(): void {
    this.lines.splice(0, this.head);
    this.sizes.splice(0, this.head);
    this.head = 0;
  }
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`StderrRingBuffer: \`${name}\` must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/** Cut `text` to at most `maxBytes` UTF-8 bytes, ellipsis included, never inside a character. */
function truncateUtf8(text: string, maxBytes: number): string {
  const budget = maxBytes - Buffer.byteLength(ELLIPSIS, 'utf8');
  if (budget <= 0) return '';
  const cut = Buffer.from(text, 'utf8').subarray(0, budget).toString('utf8');
  // A multi-byte character cut in half decodes to U+FFFD; drop it rather than show garbage.
  return `${cut.endsWith('\uFFFD') ? cut.slice(0, -1) : cut}${ELLIPSIS}`;
}
