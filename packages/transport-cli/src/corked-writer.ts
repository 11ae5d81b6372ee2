/** The part of a writable stream a {@link CorkedWriter} uses (the CLI's stdin). */
export interface CorkableStream {
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  cork(): void;
  uncork(): void;
  write(chunk: string, callback: (error?: Error | null) => void): boolean;
  end(): void;
}

/**
 * Writes lines to the CLI's stdin. Lines written in one tick leave in one write (`writev`; see
 * docs/performance.md#write-coalescing).
 * Each write's callback runs once its line is handed to the OS, so the caller's promise resolves
 * no sooner than the pipe accepts it (backpressure); an error there means the CLI stopped reading.
 *
 * The input can be ended before the stream exists (`end()` before the CLI has spawned): the stream
 * is then ended as soon as it is attached.
 */
export class CorkedWriter {
  private stream: CorkableStream | undefined;
  private ended = false;
  /** True while the stream is corked until the end of the tick. */
  private corked = false;

  /** True once {@link CorkedWriter.end} was called. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** True when a line can be written now: attached, not ended, the stream still open. */
  get isWritable(): boolean {
    const stream = this.stream;
    return stream !== undefined && !this.ended && !stream.destroyed && !stream.writableEnded;
  }

  /** Writes to `stream` from now on (ending it at once if `end()` came first). */
  attach(stream: CorkableStream): void {
    this.stream = stream;
    if (this.ended) this.endStream();
  }

  /**
   * Queues `line` for this tick's write; `callback` gets the write's outcome. Only while
   * {@link CorkedWriter.isWritable}.
   */
  /**
   * Writes `message` as one line of JSON; resolves once the line is handed to the OS. Rejects with
   * the serialisation's error, or with what `writeFailed` makes of a failed write (a broken pipe).
   */
  writeMessage(message: unknown, writeFailed: (error: Error) => Promise<unknown>): Promise<void> {
    let line: string;
    try {
      line = `${JSON.stringify(message)}\n`;
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<void>((resolve, reject) => {
      this.write(line, (error) => {
        if (error) void writeFailed(error).then(reject);
        else resolve();
      });
    });
  }

  write(line: string, callback: (error?: Error | null) => void): void {
    const stream = this.stream as CorkableStream;
    if (!this.corked) {
      this.corked = true;
      stream.cork();
      process.nextTick(this.uncork);
    }
    stream.write(line, callback);
  }

  /** Ends the input (EOF), after the lines already written. Idempotent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.endStream();
  }

  private endStream(): void {
    const stream = this.stream;
    if (stream !== undefined && !stream.destroyed && !stream.writableEnded) stream.end();
  }

  private readonly uncork = (): void => {
    this.corked = false;
    this.stream?.uncork();
  };
}
