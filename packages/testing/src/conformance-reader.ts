import { AsyncQueue, type InboundMessage, type Transport } from '@hexagent/core';

/** The two ways of reading a transport. */
export const READ_MODES = ['messages', 'subscribe'] as const;

/** One of {@link READ_MODES}. */
export type ReadMode = (typeof READ_MODES)[number];

/** The part of vitest's test context the suite uses. */
export interface TestContext {
  skip(note?: string): never;
}

/** A failure of the reading itself (a timeout, a broken sink contract), as opposed to the transport's own error. */
class ReaderError extends Error {}

/**
 * Reads a transport's messages with a timeout per read, through `messages()` or through a sink
 * given to `subscribe()`. A sink that is used against the contract (a message after `end`, a second
 * `end`) makes the next read fail.
 */
export class Reader {
  private readonly iterator: AsyncIterator<InboundMessage>;
  private readonly waitMs: number;
  /** Breaches of the `subscribe()` contract seen by the sink. */
  private readonly violations: string[] = [];

  constructor(transport: Transport, mode: ReadMode, waitMs: number) {
    this.waitMs = waitMs;
    if (mode === 'messages' || transport.subscribe === undefined) {
      this.iterator = transport.messages()[Symbol.asyncIterator]();
      return;
    }
    const queue = new AsyncQueue<InboundMessage>();
    let ended = false;
    transport.subscribe({
      message: (message) => {
        if (ended) this.violations.push(`message ${JSON.stringify(message).slice(0, 80)} after end()`);
        else queue.push(message);
      },
      end: (error) => {
        if (ended) this.violations.push('end() called twice');
        ended = true;
        queue.end(error);
      },
    });
    this.iterator = queue;
  }

  /** The next message matching `predicate`, skipping others. */
  async next(predicate: (message: InboundMessage) => boolean): Promise<InboundMessage> {
    for (;;) {
      const result = await this.read();
      if (result.done === true) throw new Error('messages() ended while a message was expected');
      if (predicate(result.value)) return result.value;
    }
  }

  /** Resolves when the iteration ends (skipping messages); rejects if it throws or times out. */
  async expectEnd(): Promise<void> {
    for (;;) {
      const result = await this.read();
      if (result.done === true) break;
    }
    // The time is the point: anything the sink is given after its end shows up within a few turns
    // of the event loop, so 50 ms of nothing more is the check.
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.assertContractKept();
  }

  /** Resolves with the error the iteration ends with (skipping messages); rejects if it ends without one. */
  async expectFault(): Promise<unknown> {
    const error = await this.expectEndOrFault();
    if (error === undefined) throw new Error('messages() ended without an error after a fault of the link');
    return error;
  }

  /** Resolves once the iteration ends, with the error it ended with, if any (skipping messages). */
  async expectEndOrFault(): Promise<unknown> {
    for (;;) {
      let result: IteratorResult<InboundMessage>;
      try {
        result = await this.read();
      } catch (error) {
        // The suite's own failures (a timeout, a broken sink contract) are not the transport's error.
        if (error instanceof ReaderError) throw error;
        return error;
      }
      if (result.done === true) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        this.assertContractKept();
        return undefined;
      }
    }
  }

  private assertContractKept(): void {
    if (this.violations.length > 0) throw new ReaderError(`subscribe() contract broken: ${this.violations.join('; ')}`);
  }

  private read(): Promise<IteratorResult<InboundMessage>> {
    this.assertContractKept();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ReaderError(`no message and no end within ${this.waitMs} ms`)), this.waitMs);
    });
    return Promise.race([this.iterator.next(), timeout]).finally(() => clearTimeout(timer));
  }
}
