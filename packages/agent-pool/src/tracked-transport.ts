import type { InboundMessage, OutboundMessage, Transport, TransportSink } from '@hexagent/core';

/** What a {@link TrackedTransport} reports about its CLI. */
export interface TransportLifecycle {
  /** The CLI runs; `pid` when the transport knows one (the CLI transport does, an in-memory fake may not). */
  started(pid: number | undefined): void;
  /** The CLI is gone: `close()` resolved (it waits for the process to stop) or `start()` failed. Called once. */
  stopped(): void;
  /** The CLI wrote an `assistant` message or a `result` (a turn answered), as the transport read it. */
  answered?(): void;
}

/** The messages that show a turn has been answered (its first reply, or its end). */
const isAnswer = (message: InboundMessage) => message.type === 'assistant' || message.type === 'result';

/**
 * A transport that tells the pool when its CLI starts (and its pid) and when it has stopped, so a
 * slot is released exactly when the process is gone, however the query ended: its end, an error,
 * an interrupt, an abort, or a caller leaving the iteration (every one of them ends in
 * `transport.close()`, which resolves once the process has exited), and when a turn is answered
 * (the pool holds a claimed spare's replacement until then). Everything else is delegated.
 */
export class TrackedTransport implements Transport {
  readonly specificationVersion = 'v1' as const;
  readonly subscribe?: (sink: TransportSink) => void;
  private readonly inner: Transport;
  private readonly lifecycle: TransportLifecycle;
  private stopped = false;

  constructor(inner: Transport, lifecycle: TransportLifecycle) {
    this.inner = inner;
    this.lifecycle = lifecycle;
    // Only offer push mode when the inner transport has it: the session prefers it when present.
    if (inner.subscribe !== undefined) this.subscribe = (sink) => inner.subscribe?.(this.watch(sink));
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }

  /** Where the inner transport's CLI keeps its config, when the transport says (a remote CLI). */
  get cliConfigDir(): string | undefined {
    return this.inner.cliConfigDir;
  }

  /** The CLI's pid, when the inner transport exposes one. */
  get pid(): number | undefined {
    const pid = (this.inner as { pid?: unknown }).pid;
    return typeof pid === 'number' ? pid : undefined;
  }

  async start(): Promise<void> {
    try {
      await this.inner.start();
    } catch (error) {
      // The contract: a failed start leaves nothing running.
      this.stop();
      throw error;
    }
    this.lifecycle.started(this.pid);
  }

  send(message: OutboundMessage): Promise<void> {
    return this.inner.send(message);
  }

  messages(): AsyncIterable<InboundMessage> {
    const answered = this.lifecycle.answered;
    if (answered === undefined) return this.inner.messages();
    const inner = this.inner.messages();
    return (async function* () {
      for await (const message of inner) {
        if (isAnswer(message)) answered();
        yield message;
      }
    })();
  }

  endInput(): void {
    this.inner.endInput();
  }

  async close(): Promise<void> {
    try {
      await this.inner.close();
    } finally {
      this.stop();
    }
  }

  /** The sink, with answers reported first (read as decoded, whether or not anyone consumes them yet). */
  private watch(sink: TransportSink): TransportSink {
    const answered = this.lifecycle.answered;
    if (answered === undefined) return sink;
    return {
      message(message) {
        if (isAnswer(message)) answered();
        sink.message(message);
      },
      end: (error) => sink.end(error),
    };
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.lifecycle.stopped();
  }
}
