import type { OutboundMessage } from '@hexagent/core';
import { summarizeMessage } from './summarize-message.js';

interface SentWaiter {
  predicate: (message: OutboundMessage) => boolean;
  resolve: (message: OutboundMessage) => void;
}

/**
 * What the SDK wrote to a fake CLI, in order, and the waits on it: each message is handed to at most
 * one `next` call, so waits for different kinds of messages do not steal from each other.
 */
export class FakeCliSentLog {
  /** Everything recorded, in order. */
  readonly messages: OutboundMessage[] = [];
  private readonly consumed = new Set<number>();
  private readonly waiters = new Set<SentWaiter>();

  /** Records `message` and hands it to the first waiting `next` call it matches. */
  record(message: OutboundMessage): void {
    const index = this.messages.push(message) - 1;
    for (const waiter of this.waiters) {
      if (waiter.predicate(message)) {
        this.waiters.delete(waiter);
        this.consumed.add(index);
        waiter.resolve(message);
        break;
      }
    }
  }

  /**
   * The earliest recorded message matching `predicate` that no earlier `next` returned, waiting for
   * it if needed; rejects after `timeoutMs` with a list of what was recorded.
   */
  next(predicate: (message: OutboundMessage) => boolean, timeoutMs: number): Promise<OutboundMessage> {
    for (let index = 0; index < this.messages.length; index++) {
      const message = this.messages[index] as OutboundMessage;
      if (!this.consumed.has(index) && predicate(message)) {
        this.consumed.add(index);
        return Promise.resolve(message);
      }
    }
    return new Promise<OutboundMessage>((resolve, reject) => {
      const waiter: SentWaiter = {
        predicate,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const summary = this.messages.map(summarizeMessage).join(', ') || 'nothing';
        reject(new Error(`FakeCliTransport: no matching message sent within ${timeoutMs} ms (sent: ${summary})`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
