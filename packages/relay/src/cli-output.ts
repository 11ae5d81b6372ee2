import { MessageTooLargeError } from '@hexagent/core';
import { LineDecoder, RELAY_CLOSE, type RelayRefusalReason } from '@hexagent/transport-kit';
import { LAUNCHED_LINE } from './process-tree/launch-command.js';

/** What {@link CliOutput} acts on: the client's socket, the CLI's stdout, the session. */
export interface CliOutputSink {
  /** The launcher's line came: the CLI runs, and `rest` is the first of its output. */
  launched(rest: Buffer): void;
  /** The session must end: the launcher wrote something else, or a line is over the frame limit. */
  fail(reason: RelayRefusalReason, message: string, code: number): void;
  /** A line for the client; false when the relay withholds it. */
  accept(line: string): boolean;
  /** Sends a text frame; `sent` is called once it has left. */
  send(line: string, sent: () => void): void;
  /** Bytes the socket holds, not yet sent. */
  bufferedAmount(): number;
  /** Stops and restarts reading the CLI's stdout. */
  pause(): void;
  resume(): void;
}

/**
 * The CLI's stdout on its way to the client: first the launcher's line ({@link LAUNCHED_LINE}),
 * then the CLI's own output split into lines, each sent as a text frame (blank lines dropped). Flow
 * control: reading the CLI's stdout pauses while the socket holds more than `highWaterBytes`, and
 * resumes once it is down to half. A line over `maxFrameBytes` ends the session (1009).
 */
export class CliOutput {
  /** Until the launcher's line: what the CLI's stdout held so far. */
  private launchOutput: Buffer | undefined = Buffer.alloc(0);
  private readonly decoder: LineDecoder;
  private paused = false;

  constructor(
    private readonly maxFrameBytes: number,
    private readonly highWaterBytes: number,
    private readonly sink: CliOutputSink,
  ) {
    this.decoder = new LineDecoder(maxFrameBytes);
  }

  /** True until the launcher's line has come. */
  get launching(): boolean {
    return this.launchOutput !== undefined;
  }

  /** A chunk of the CLI's stdout. */
  push(chunk: Buffer): void {
    if (this.launchOutput !== undefined) {
      const output = Buffer.concat([this.launchOutput, chunk]);
      const newline = output.indexOf(0x0a);
      if (newline === -1) {
        this.launchOutput = output;
        return;
      }
      this.launchOutput = undefined;
      if (output.subarray(0, newline).toString('utf8') !== LAUNCHED_LINE) {
        this.sink.fail('spawn_failed', 'the launcher wrote something else before the CLI ran', RELAY_CLOSE.spawnFailed);
        return;
      }
      this.sink.launched(output.subarray(newline + 1));
      return;
    }
    try {
      this.decoder.push(chunk, this.sendLine);
    } catch (error) {
      if (!MessageTooLargeError.isInstance(error)) throw error;
      this.sink.fail(
        'frame_too_large',
        `a line of the CLI's output is over this relay's maxFrameBytes (${this.maxFrameBytes})`,
        RELAY_CLOSE.tooLarge,
      );
    }
  }

  /** The CLI's stdout ended: its last line, if it had no newline, goes too. */
  flush(): void {
    this.launchOutput = undefined;
    const rest = this.decoder.flush();
    if (rest !== undefined) this.sendLine(rest);
  }

  private readonly sendLine = (line: string): void => {
    if (line.trim() === '' || !this.sink.accept(line)) return;
    this.sink.send(line, this.afterSend);
    if (!this.paused && this.sink.bufferedAmount() > this.highWaterBytes) {
      this.paused = true;
      this.sink.pause();
    }
  };

  private readonly afterSend = (): void => {
    if (this.paused && this.sink.bufferedAmount() <= this.highWaterBytes / 2) {
      this.paused = false;
      this.sink.resume();
    }
  };
}
