import { StderrLineSplitter } from './stderr-line-splitter.js';
import { StderrRingBuffer, type StderrRingBufferOptions } from './stderr-ring-buffer.js';

/**
 * The CLI's stderr: split into lines, each kept in a bounded tail (for `ProcessError.stderrTail`)
 * and passed to the user's `stderr` callback, whose failures (a throw, a rejected promise) are
 * swallowed: a faulty logger must not take the session down.
 */
export class CliStderr {
  private readonly tailBuffer: StderrRingBuffer;
  private readonly splitter: StderrLineSplitter;
  private readonly callback: ((line: string) => void) | undefined;

  constructor(limits: StderrRingBufferOptions, callback: ((line: string) => void) | undefined) {
    this.tailBuffer = new StderrRingBuffer(limits);
    this.callback = callback;
    this.splitter = new StderrLineSplitter(this.onLine);
  }

  /** The last lines (bounded). */
  get tail(): string {
    return this.tailBuffer.toString();
  }

  /** One chunk of stderr. */
  push(chunk: Buffer): void {
    this.splitter.push(chunk);
  }

  /** Stderr is closed: the unterminated last line, if any, counts as a line. */
  flush(): void {
    this.splitter.flush();
  }

  private readonly onLine = (line: string): void => {
    this.tailBuffer.push(line);
    const callback = this.callback;
    if (callback === undefined) return;
    try {
      const result: unknown = callback(line);
      if (result instanceof Promise) result.catch(() => {});
    } catch {
      // A failing log callback must not take the session down.
    }
  };
}
